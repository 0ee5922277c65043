/**
 * antd's styles of the budget detail's tables, written at build time (issue 48): the page gives antd's theme
 * context `zeroRuntime` (src/features/budgets/budgetTablesTheme.ts), so antd's Table and Empty compute no style
 * and insert none on the phone's first paint (no cssinjs, stylis or hashing per component); the CSS they would
 * have inserted, for the same theme and so under the same hashed class, is this file's output.
 *
 *   npx tsx scripts/budgetTablesStyle.tsx     rewrites src/features/budgets/budgetTables.antd.css
 *
 * test/server/budgetTablesStyle.test.ts fails when the file is no longer what antd and the theme produce (antd
 * upgraded, a colour changed): run the line above then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import Table from 'antd/lib/table';
import { DesignTokenContext } from 'antd/lib/theme/context';
import { renderToString } from 'react-dom/server';
import { budgetTablesTheme } from '../src/features/budgets/budgetTablesTheme';

export const BUDGET_TABLES_CSS = path.resolve(__dirname, '../src/features/budgets/budgetTables.antd.css');

/** The budget tables' props that reach antd's styles (budgetTable.tsx's `plainTable`), with rows and without (the empty text). */
const tableProps = { size: 'small', pagination: false, rowHoverable: false, tableLayout: 'fixed' } as const;
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];

/** The CSS antd's Table and Empty insert in the page for the budget tables' theme, as a stylesheet. */
export function budgetTablesCss(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <DesignTokenContext.Provider value={{ ...budgetTablesTheme, zeroRuntime: false }}>
        <Table {...tableProps} rowKey="name" columns={columns} dataSource={[{ name: 'Groceries' }]} summary={() => null} />
        <Table {...tableProps} rowKey="name" columns={columns} dataSource={[]} />
      </DesignTokenContext.Provider>
    </StyleProvider>,
  );
  // Only the components' styles: the theme's CSS variables are still set by antd in the page (a few rules).
  const css = extractStyle(cache, { plain: true, types: 'style' })
    // The map a server-rendered page hands to antd's hydration: no use to a stylesheet.
    .replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/, '')
    // The class a production build's page gets (antd names it by NODE_ENV when it loads, and the hash is the same).
    .replaceAll('css-dev-only-do-not-override-', 'css-');
  return `/* Written by scripts/budgetTablesStyle.tsx from antd's Table and Empty for the budget tables' theme: do not edit. */\n${css}\n`;
}

if (require.main === module) {
  writeFileSync(BUDGET_TABLES_CSS, budgetTablesCss());
  console.log(`wrote ${path.relative(process.cwd(), BUDGET_TABLES_CSS)}`);
}
