import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdTheme } from './antdThemeConfig';

/**
 * The app's colours for antd components. The shell is drawn without antd (it must load fast on a phone), so
 * every screen or dialog that uses antd is wrapped in this where it is loaded: the areas in router.tsx
 * (`antdPage`), the budget list and Future Budgets, and dialogs opened on demand (the budget detail's tables
 * take the same colours from a stylesheet written at build time: scripts/budgetTablesStyle.tsx).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={antdTheme}>{children}</ConfigProvider>;
}
