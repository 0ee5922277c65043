import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { BUDGETS, NEEDS_VS_WANTS, renderReport, tableRows } from './renderReports';

const report = { data: NEEDS_VS_WANTS, fields: [] };
const columnTitles = (container: HTMLElement) => [...container.querySelectorAll('.ec-report-table thead th')].map((cell) => cell.textContent);
const chartLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.ec-report-chart .recharts-label-list text')].map((label) => label.textContent);

describe('Needs vs Wants Report', () => {
  it('shows the budgeted shares, with "–" where there is no income, and stacks them with the 50/30/20 guide lines', async () => {
    mockFetch({ 'GET /budgets': BUDGETS, 'GET /reports/needs_vs_wants': report });
    const { container } = renderReport('/reports/needs-vs-wants');
    await screen.findByRole('region', { name: 'Needs, wants and savings by period, budgeted' });
    // Wants counts the unallocated income: its two parts follow it, apart.
    expect(columnTitles(container)).toEqual(['Period', 'Income', 'Needs', 'Needs %', 'Wants', 'Wants %', 'Wants Allocated', 'Unallocated', 'Savings', 'Savings %']);
    expect(tableRows(container)).toEqual([
      ['Feb 2026', '3,000.00', '1,500.00', '50 %', '900.00', '30 %', '700.00', '200.00', '600.00', '20 %'],
      ['Mar 2026', '0.00', '1,000.00', '–', '-1,300.00', '–', '500.00', '-1,800.00', '300.00', '–'],
    ]);
    // One stacked column (February; March has no income), each share written on it, and the two guide lines.
    await waitFor(() => expect(chartLabels(container)).toEqual(['50', '30', '20']));
    expect(container.querySelectorAll('.ec-report-chart .recharts-reference-line')).toHaveLength(2);
    expect(screen.getByText('Needs ≤ 50 %')).toBeInTheDocument();
  });

  it('switches to the actual shares, wants as spent and what is not spent apart, and keeps the choice in the URL', async () => {
    const network = mockFetch({ 'GET /budgets': BUDGETS, 'GET /reports/needs_vs_wants': report });
    const { container, router } = renderReport('/reports/needs-vs-wants');
    await screen.findByRole('region', { name: 'Needs, wants and savings by period, budgeted' });
    await setupUser().click(screen.getByRole('radio', { name: 'Actual' }));
    await screen.findByRole('region', { name: 'Needs, wants and savings by period, actual' });
    expect(router.state.location.search).toBe('?basis=actual');
    // Issue 42: actual wants is what was spent on wants (400.00), not the income left after needs and savings (1,350.00).
    expect(columnTitles(container)).toEqual(['Period', 'Income', 'Needs', 'Needs %', 'Wants', 'Wants %', 'Savings', 'Savings %', 'Unspent', 'Unspent %']);
    expect(tableRows(container)[0]).toEqual(['Feb 2026', '3,000.00', '1,400.00', '47 %', '400.00', '13 %', '250.00', '8 %', '950.00', '32 %']);
    await waitFor(() => expect(chartLabels(container)).toEqual(['47', '13', '8', '32']));
    // Both bases come in one report: switching asks for nothing new.
    expect(network.find('GET', '/reports/needs_vs_wants')).toHaveLength(1);
  });
});
