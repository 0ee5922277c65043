import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import Table from 'antd/lib/table';
import { DesignTokenContext } from 'antd/lib/theme/context';
import { BUDGET_TABLES_CSS, budgetTablesCss } from '../../scripts/budgetTablesStyle';
import { budgetTablesTheme } from '../../src/features/budgets/budgetTablesTheme';

/**
 * The budget tables' antd styles, written at build time for a page that computes none (issue 48): the file must
 * be what antd and the theme produce, under the class antd gives the tables in the page.
 */
describe("the budget tables' antd stylesheet", () => {
  const written = readFileSync(BUDGET_TABLES_CSS, 'utf8');

  it('is what antd and the theme produce today (else: npx tsx scripts/budgetTablesStyle.tsx)', () => {
    expect(written).toBe(budgetTablesCss());
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
  });
});
