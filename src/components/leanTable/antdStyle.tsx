import { TABLE_CSS_VAR_KEY, TABLE_HASH_ID } from './tableClasses';

/*
 * What antd's InternalTable asks of antd's theme and style runtime, answered at build time: the budget tables'
 * CSS (the theme's and the table's CSS variables and the table's rules, for these classes) is written by
 * scripts/budgetTablesStyle.tsx into budgetTables.antd.css, so the page neither computes the theme's tokens
 * nor registers a style (issue 48: about a fifth of the budget's first render on a phone). Only the lean copy of
 * the Table imports these (scripts/leanAntdTable.js); the signatures are antd 6's.
 */

/** `./style`: the classes antd's style hook gives a table in the budget tables' theme (hash, CSS variables' scope). */
export const useTableStyle = () => [TABLE_HASH_ID, TABLE_CSS_VAR_KEY] as const;

/** `../theme/internal`'s useToken: the table reads only a selection column's width of it, and selects nothing. */
const NO_TOKEN = {};
export const useToken = () => [undefined, NO_TOKEN] as const;

/** `../grid/hooks/useBreakpoint`: no budget table column is shown by screen size (`responsive`). */
const NO_SCREENS = {};
export const useBreakpoint = () => NO_SCREENS;

/** `../config-provider/defaultRenderEmpty`: both budget tables name their empty text; this says the same as antd. */
export const DefaultRenderEmpty = () => <span className="ant-empty-description">No data</span>;
