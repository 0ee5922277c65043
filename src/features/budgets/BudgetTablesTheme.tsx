import type { ReactNode } from 'react';
import { DesignTokenContext } from 'antd/lib/theme/context';
import { budgetTablesTheme } from './budgetTablesTheme';
// antd's styles of the table (and its empty text) for this theme, written at build time: antd computes none of
// them in the page (scripts/budgetTablesStyle.tsx; docs/performance.md, "Issue 48").
import './budgetTables.antd.css';

/**
 * The app's antd colours (AntdTheme) for the budget detail's two tables, without antd's ConfigProvider: the
 * tables read only the theme, and the provider brings the tooltip's shared popup, motion, locale and icon styles
 * into the first paint of the budget (about 25 KB gzip; docs/performance.md).
 */
export function BudgetTablesTheme({ children }: { children: ReactNode }) {
  return <DesignTokenContext.Provider value={budgetTablesTheme}>{children}</DesignTokenContext.Provider>;
}
