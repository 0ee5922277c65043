import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import Table from 'antd/lib/table';
import { DesignTokenContext } from 'antd/lib/theme/context';
import { BUDGET_TABLES_CSS, budgetTablesCss, TABLE_CLASSES, tableClassesModule } from '../../scripts/budgetTablesStyle';
import { useTableStyle } from '../../src/components/leanTable/antdStyle';
import { budgetTablesTheme } from '../../src/features/budgets/budgetTablesTheme';

/**
 * The budget tables' antd styles, written at build time for a page that computes none (issue 48): the file must
 * be what antd and the theme produce, under the class antd gives the tables in the page.
 */
describe("the budget tables' antd stylesheet", () => {
  const written = readFileSync(BUDGET_TABLES_CSS, 'utf8');

  it('is what antd and the theme produce today, and so are the classes the lean table gives (else: npx tsx scripts/budgetTablesStyle.tsx)', () => {
    expect(written).toBe(budgetTablesCss());
    expect(readFileSync(TABLE_CLASSES, 'utf8')).toBe(tableClassesModule());
  });

  it("holds the table's rules, its small size and its empty text, for the class antd gives the budget tables", () => {
    // The class antd hashes from the theme (a production page names it css-<hash>, this test's css-dev-only-…-<hash>).
    const html = renderToString(
      createElement(DesignTokenContext.Provider, { value: budgetTablesTheme }, createElement(Table, { size: 'small', pagination: false, columns: [], dataSource: [] })),
    );
    const hash = /css-dev-only-do-not-override-([a-z0-9]+)/.exec(html)?.[1];
    expect(hash).toBeDefined();
    for (const rule of ['.ant-table-wrapper{', '.ant-table-wrapper .ant-table.ant-table-small ', '.ant-table-wrapper .ant-table-summary{', '.ant-empty .ant-empty-description{']) {
      expect(written).toContain(`:where(.css-${hash})${rule}`);
    }
    expect(written).not.toContain('dev-only');
    // The lean table's stand-in for antd's style hook gives the classes those rules are written for.
    expect(useTableStyle()).toEqual([`css-${hash}`, budgetTablesTheme.cssVar?.key]);
  });

  it("holds the theme's and the table's CSS variables, which the page no longer computes, in the app's colours", () => {
    // The theme's, scoped to the class the stand-in gives every budget table; the table's, to antd's table scope.
    expect(written).toMatch(/\.css-var-budget-tables\{[^}]*--ant-color-primary:#1f6fb2;/);
    expect(written).toMatch(/\.ant-table-css-var\{[^}]*--ant-table-header-bg:/);
  });
});
