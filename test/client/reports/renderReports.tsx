import ReportRoutes from '../../../src/features/reports/ReportRoutes';
import type { CategorySpendingRow, NeedsVsWantsRow, NetWorthRow } from '../../../src/shared/schemas/reports';
import { renderWithProviders, signedInState, storeTestCredentials } from '../../support/render';
// Role queries without the visibility filter (see support/user.ts).
import '../../support/user';

// The first render loads antd and recharts: slow in jsdom, more so on a busy machine.
jest.setTimeout(60_000);

// jsdom lays nothing out, so every box measures 0 × 0 and a chart would draw nothing: its container is given the
// size a browser would give it.
const measure = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return { x: 0, y: 0, top: 0, left: 0, width: 480, height: 320, right: 480, bottom: 320, toJSON: () => ({}) };
  });
});
afterAll(() => jest.restoreAllMocks());

/** A saved file's text, byte-order mark included (reading it as text would drop the mark). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const budget = (id: number, start: string, end: string) => ({ id, name: `Budget ${id}`, start_date: start, end_date: end, status: 'closed' });

/** Four monthly budgets, newest first as `GET /budgets` sends them. */
export const BUDGETS = [
  budget(14, '2026-04-01', '2026-04-30'),
  budget(13, '2026-03-01', '2026-03-31'),
  budget(12, '2026-02-01', '2026-02-28'),
  budget(11, '2026-01-01', '2026-01-31'),
];

export const NET_WORTH: NetWorthRow[] = [
  { budget_id: 12, period: '2026-02', net_change: 150_000, net_worth: 1_234_567 },
  { budget_id: 13, period: '2026-03', net_change: -20_050, net_worth: 1_214_517 },
  { budget_id: 14, period: '2026-04', net_change: 0, net_worth: 1_214_517 },
];

const spending = (categoryId: number, name: string, budgetId: number, period: string, budgeted: number, spent: number): CategorySpendingRow => ({
  budget_id: budgetId,
  allocation_category_id: categoryId,
  category_name: name,
  period,
  budgeted,
  spent,
  difference: budgeted - spent,
});

/** Two categories over two periods; "Clothes" has no money at all, so "Food" is shown first. */
export const CATEGORY_SPENDING: CategorySpendingRow[] = [
  spending(3, 'Clothes', 12, '2026-02', 0, 0),
  spending(3, 'Clothes', 13, '2026-03', 0, 0),
  spending(5, 'Food, "Fun"', 12, '2026-02', 50_000, 42_000),
  spending(5, 'Food, "Fun"', 13, '2026-03', 50_000, 61_000),
  spending(7, 'Home', 12, '2026-02', 100_000, 100_000),
  spending(7, 'Home', 13, '2026-03', 100_000, 99_000),
];

export const NEEDS_VS_WANTS: NeedsVsWantsRow[] = [
  {
    budget_id: 12,
    period: '2026-02',
    income: 300_000,
    budgeted_needs: 150_000,
    budgeted_wants: 90_000,
    budgeted_savings: 60_000,
    budgeted_wants_allocated: 70_000,
    budgeted_unallocated: 20_000,
    actual_needs: 140_000,
    actual_wants: 135_000,
    actual_savings: 25_000,
    budgeted_needs_percent: 50,
    budgeted_wants_percent: 30,
    budgeted_savings_percent: 20,
    actual_needs_percent: 47,
    actual_wants_percent: 45,
    actual_savings_percent: 8,
    actual_wants_spent: 40_000,
    actual_unspent: 95_000,
    actual_wants_spent_percent: 13,
    actual_unspent_percent: 32,
  },
  {
    budget_id: 13,
    period: '2026-03',
    income: 0,
    budgeted_needs: 100_000,
    budgeted_wants: -130_000,
    budgeted_savings: 30_000,
    budgeted_wants_allocated: 50_000,
    budgeted_unallocated: -180_000,
    actual_needs: 0,
    actual_wants: 0,
    actual_savings: 0,
    budgeted_needs_percent: null,
    budgeted_wants_percent: null,
    budgeted_savings_percent: null,
    actual_needs_percent: null,
    actual_wants_percent: null,
    actual_savings_percent: null,
    actual_wants_spent: 0,
    actual_unspent: 0,
    actual_wants_spent_percent: null,
    actual_unspent_percent: null,
  },
];

/** A signed-in household's report pages, as the router mounts them, with a budget page to land on. */
export function renderReport(url: string) {
  storeTestCredentials();
  return renderWithProviders(<ReportRoutes />, {
    path: '/reports/*',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/budgets/:id', element: <p>Budget page</p> }],
  });
}

/** The rows of the report's table, each as its cells' text. */
export function tableRows(container: HTMLElement): string[][] {
  return [...container.querySelectorAll('.ec-report-table tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );
}
