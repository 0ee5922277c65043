import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';

const theme: ThemeConfig = { token: { colorPrimary: '#1f6fb2', borderRadius: 6 } };

/**
 * The app's colours for antd components. The shell and the budget detail are drawn without antd (they must
 * load fast on a phone), so every screen or dialog that uses antd is wrapped in this where it is loaded:
 * the areas in router.tsx (`antdPage`), the budget list and Future Budgets, and dialogs opened on demand.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
