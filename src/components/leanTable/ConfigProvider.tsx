import { useContext, useMemo, type ReactNode } from 'react';
import { ConfigContext, type ConfigConsumerProps } from 'antd/lib/config-provider/context';

/**
 * `../config-provider` in InternalTable, which wraps the measure row in a ConfigProvider only to keep its popups
 * (a filter's dropdown) inside it: the same, without the whole provider (its tooltip popup, motion and locale).
 */
export default function MeasureRowConfig({ getPopupContainer, children }: { getPopupContainer?: ConfigConsumerProps['getPopupContainer']; children?: ReactNode }) {
  const parent = useContext(ConfigContext);
  const value = useMemo(() => ({ ...parent, getPopupContainer }), [parent, getPopupContainer]);
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}
