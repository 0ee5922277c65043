import { screen, within } from '@testing-library/react';
import { BUDGET_LIST_PAGE_SIZE } from '../../../src/features/budgets/BudgetListPage';
import type { BudgetSummary } from '../../../src/shared/schemas/budgets';
import { mockFetch } from '../../support/fetchMock';
import { accounts, categories } from './fixtures';
import { renderBudgets } from './renderBudgets';
import { setupUser } from '../../support/user';

/** Fifteen years of monthly budgets, newest first: the two newest open, the rest closed. */
const history: BudgetSummary[] = Array.from({ length: 180 }, (_, i) => {
  const month = 180 - i;
  const year = 2011 + Math.floor((month - 1) / 12);
  const mm = String(((month - 1) % 12) + 1).padStart(2, '0');
  return { id: month, name: `Budget ${year}-${mm}`, start_date: `${year}-${mm}-01`, end_date: `${year}-${mm}-28`, status: i < 2 ? 'open' : 'closed' };
});

describe('budget list with a long history', () => {
  it('draws one page of budgets, newest first with Copy and Close on it, and pages to the older ones', async () => {
    const user = setupUser();
    mockFetch({ 'GET /allocation_categories': categories, 'GET /bank_accounts': accounts, 'GET /budgets': history });
    renderBudgets('/budgets');
    const table = (await screen.findByText(history[0].name)).closest('table') as HTMLElement;
    // Text queries: role queries over a whole antd table are slow in jsdom.
    expect(within(table).getAllByText('View')).toHaveLength(BUDGET_LIST_PAGE_SIZE);
    expect(within(table).getByText('Copy')).toBeInTheDocument();
    expect(within(table).getByText('Close')).toBeInTheDocument();
    expect(screen.queryByText(history[BUDGET_LIST_PAGE_SIZE].name)).not.toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText(history[BUDGET_LIST_PAGE_SIZE].name)).toBeInTheDocument();
    expect(screen.queryByText(history[0].name)).not.toBeInTheDocument();
    await user.click(screen.getByTitle(String(Math.ceil(history.length / BUDGET_LIST_PAGE_SIZE))));
    expect(await screen.findByText(history[history.length - 1].name)).toBeInTheDocument();
  });
});
