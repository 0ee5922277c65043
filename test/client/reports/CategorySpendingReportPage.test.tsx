import { screen, waitFor } from '@testing-library/react';
import { mockFetch, type RecordedRequest } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { BUDGETS, CATEGORY_SPENDING, renderReport, tableRows } from './renderReports';

const CATEGORIES = [
  { id: 3, name: 'Clothes' },
  { id: 5, name: 'Food, "Fun"' },
  { id: 7, name: 'Home' },
];

/** The server's answer: every category's rows, or only those of the category `category_id` names. */
const report = ({ search }: RecordedRequest) => {
  const only = Number(new URLSearchParams(search).get('category_id')) || undefined;
  return { body: { data: CATEGORY_SPENDING.filter((row) => !only || row.allocation_category_id === only), fields: ['category_name', 'period', 'budgeted', 'spent', 'difference'] } };
};
const household = { 'GET /budgets': BUDGETS, 'GET /allocation_categories': CATEGORIES, 'GET /reports/category_spending': report };

describe('Category Spending Report', () => {
  it('shows the first category with any money, budgeted against spent, in the table and as grouped columns', async () => {
    const network = mockFetch(household);
    const { container } = renderReport('/reports/category-spending');
    await screen.findByRole('region', { name: 'Budgeted and spent by period' });
    // No range: the server's twelve newest periods, every category at once, one request.
    expect(network.find('GET', '/reports/category_spending').map((request) => request.search)).toEqual(['']);
    expect(screen.getByRole('combobox', { name: 'Category' }).closest('.ant-select')).toHaveTextContent('Food, "Fun"');
    expect(tableRows(container)).toEqual([
      ['Feb 2026', '500.00', '420.00', '80.00'],
      ['Mar 2026', '500.00', '610.00', '-110.00'],
    ]);
    // Two columns per period: budgeted (solid) and spent (hatched), told apart by more than colour.
    await waitFor(() => expect(container.querySelectorAll('.ec-report-chart .recharts-bar-rectangle')).toHaveLength(4));
    const fills = [...container.querySelectorAll('.ec-report-chart .recharts-bar-rectangle path')].map((path) => path.getAttribute('fill'));
    expect(new Set(fills)).toEqual(new Set(['#0072B2', 'url(#ec-hatched-vermillion)']));
  });

  it('switches category from the picker, keeps it in the URL and downloads that category', async () => {
    const network = mockFetch(household);
    const user = setupUser();
    const { container, router } = renderReport('/reports/category-spending?from=2026-02');
    await screen.findByRole('region', { name: 'Budgeted and spent by period' });

    await chooseOption(user, 'Category', 'Home');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-02&category_id=7'));
    expect(tableRows(container)).toEqual([
      ['Feb 2026', '1,000.00', '1,000.00', '0.00'],
      ['Mar 2026', '1,000.00', '990.00', '10.00'],
    ]);
    // Over a chosen range only one category's rows are asked for; the newest periods (every category) said which
    // one has money to open on.
    expect(network.find('GET', '/reports/category_spending').map((request) => request.search)).toEqual(['', '?from=2026-02&category_id=5', '?from=2026-02&category_id=7']);

    URL.createObjectURL = jest.fn(() => 'blob:report');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await user.click(screen.getByRole('button', { name: /Download CSV/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
    } finally {
      click.mockRestore();
    }
    expect(network.find('GET', '/reports/category_spending').at(-1)?.search).toBe('?from=2026-02&category_id=7&format=csv');
  });

  it('asks for the chosen category alone over a chosen range', async () => {
    const network = mockFetch(household);
    const { container } = renderReport('/reports/category-spending?from=2026-02&category_id=7');
    await screen.findByRole('region', { name: 'Budgeted and spent by period' });
    expect(tableRows(container)[0]).toEqual(['Feb 2026', '1,000.00', '1,000.00', '0.00']);
    expect(network.find('GET', '/reports/category_spending').map((request) => request.search)).toEqual(['?from=2026-02&category_id=7']);
  });

  it('falls back to the first category with money when the URL names one that is not in the report', async () => {
    mockFetch(household);
    const { container } = renderReport('/reports/category-spending?category_id=99');
    await screen.findByRole('region', { name: 'Budgeted and spent by period' });
    expect(tableRows(container)[0]).toEqual(['Feb 2026', '500.00', '420.00', '80.00']);
  });
});
