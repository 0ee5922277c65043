import type { ReactNode } from 'react';
// antd's theme context alone, not the barrel's ConfigProvider (the build reads these as antd/es: scripts/leanAntdTable.js).
import { defaultTheme, DesignTokenContext, type DesignTokenProviderProps } from 'antd/lib/theme/context';
import defaultSeedToken from 'antd/lib/theme/themes/seed';
import { antdTheme } from '../../components/antdThemeConfig';

const token = { ...defaultSeedToken, ...antdTheme.token };
const components = { ...antdTheme.components };

/**
 * The value antd's ConfigProvider gives its theme context for `antdTheme` (antd 6.6: the default algorithm, CSS
 * variables under a key of their own), built once.
 */
const budgetTablesTheme: DesignTokenProviderProps = {
  hashed: true,
  theme: defaultTheme,
  token,
  components,
  override: { override: token, ...components },
  cssVar: { prefix: 'ant', key: 'css-var-budget-tables' },
};

/**
 * The app's antd colours (AntdTheme) for the budget detail's two tables, without antd's ConfigProvider: the
 * tables read only the theme, and the provider brings the tooltip's shared popup, motion, locale and icon styles
 * into the first paint of the budget (about 25 KB gzip; docs/performance.md).
 */
export function BudgetTablesTheme({ children }: { children: ReactNode }) {
  return <DesignTokenContext.Provider value={budgetTablesTheme}>{children}</DesignTokenContext.Provider>;
}
