/**
 * antd's styles of the budget detail's tables, written at build time (issue 48): the lean table's stand-ins for
 * antd's theme and style hooks (src/components/leanTable/antdStyle.tsx) give the table the classes antd would
 * and compute nothing (no theme tokens, no CSS variables, no cssinjs, stylis or hashing per component); what
 * antd would have inserted in the page for the same theme (the theme's and the table's CSS variables, the
 * table's and the empty text's rules), under the same classes, is this file's output. The page's theme context
 * also says `zeroRuntime` (src/features/budgets/budgetTablesTheme.ts) for any other antd part drawn in it.
 *
 *   npx tsx scripts/budgetTablesStyle.tsx     rewrites src/features/budgets/budgetTables.antd.css and
 *                                             src/components/leanTable/tableClasses.ts
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
export const TABLE_CLASSES = path.resolve(__dirname, '../src/components/leanTable/tableClasses.ts');

/** The budget tables' props that reach antd's styles (budgetTable.tsx's `plainTable`), with rows and without (the empty text). */
const tableProps = { size: 'small', pagination: false, rowHoverable: false, tableLayout: 'fixed' } as const;
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];

/** The CSS antd's Table and Empty insert in the page for the budget tables' theme, as a stylesheet, and the table's classes. */
function renderTables() {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <DesignTokenContext.Provider value={{ ...budgetTablesTheme, zeroRuntime: false }}>
        <Table {...tableProps} rowKey="name" columns={columns} dataSource={[{ name: 'Groceries' }]} summary={() => null} />
        <Table {...tableProps} rowKey="name" columns={columns} dataSource={[]} />
      </DesignTokenContext.Provider>
    </StyleProvider>,
  );
  return { cache, html };
}

/** The class antd hashes from the theme (a development render names it css-dev-only-…-<hash>, a production page css-<hash>). */
const PRODUCTION_CLASS = (name: string) => name.replaceAll('css-dev-only-do-not-override-', 'css-');

export function budgetTablesCss(): string {
  const { cache } = renderTables();
  // The theme's CSS variables, the table's and the empty text's, then their rules.
  const css = extractStyle(cache, { plain: true, types: ['token', 'cssVar', 'style'] })
    // The map a server-rendered page hands to antd's hydration: no use to a stylesheet.
    .replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/, '')
  return `/* Written by scripts/budgetTablesStyle.tsx from antd's Table and Empty for the budget tables' theme: do not edit. */\n${PRODUCTION_CLASS(css)}\n`;
}

/** The module giving the lean table the classes antd gives a table in the budget tables' theme. */
export function tableClassesModule(): string {
  const { html } = renderTables();
  const hashId = /\b(css-dev-only-do-not-override-[a-z0-9]+)\b/.exec(html)?.[1];
  const cssVarKey = budgetTablesTheme.cssVar?.key;
  if (!hashId || !cssVarKey || !html.includes(cssVarKey)) throw new Error("antd's table no longer has the classes this script reads: update it");
  return [
    "// Written by scripts/budgetTablesStyle.tsx from antd's Table for the budget tables' theme: do not edit.",
    `export const TABLE_HASH_ID = '${PRODUCTION_CLASS(hashId)}';`,
    `export const TABLE_CSS_VAR_KEY = '${cssVarKey}';`,
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(BUDGET_TABLES_CSS, budgetTablesCss());
  writeFileSync(TABLE_CLASSES, tableClassesModule());
  console.log(`wrote ${path.relative(process.cwd(), BUDGET_TABLES_CSS)} and ${path.relative(process.cwd(), TABLE_CLASSES)}`);
}
