// Written by scripts/budgetTablesStyle.tsx from antd's Table for the budget tables' theme: do not edit.
export const TABLE_HASH_ID = 'css-1y106cm';
export const TABLE_CSS_VAR_KEY = 'css-var-budget-tables';
