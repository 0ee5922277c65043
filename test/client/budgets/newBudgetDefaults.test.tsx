import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { today } from '../../../src/shared/dates';
import { mockFetch } from '../../support/fetchMock';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import { renderBudgets } from './renderBudgets';

// Issue 42: Add New Budget proposed today (Nov 28); a new income's bank account stayed empty beside a primary account.
describe('what a new budget and a new income start from', () => {
  it('proposes the 1st of this month for a first budget', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /allocation_categories': categories, 'GET /bank_accounts': accounts, 'GET /budgets': [], 'GET /transactions/last_update': { transaction_date: null, has_transactions: false } });
    renderBudgets('/budgets');
    await user.click(await screen.findByRole('button', { name: 'Add New Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Budget' });
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue(`${today().slice(0, 8)}01`);
  });

  it("puts a new income into the primary budget account", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /allocation_categories': categories,
      'GET /bank_accounts': accounts,
      'GET /settings': householdSettings({ primary_budget_account_id: 6 }),
      'GET /budgets': budgetList,
      'GET /transactions/last_update': { transaction_date: '2026-01-05', has_transactions: true },
      'GET /budgets/7': sampleBudget(),
    });
    renderBudgets('/budgets/7');
    await screen.findByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' });
    await user.click(screen.getByRole('button', { name: 'Make Changes' }));
    await user.click(await screen.findByRole('button', { name: 'Add Income' }));
    const incomes = screen.getByRole('table', { name: 'Incomes' });
    const fresh = within(incomes)
      .getAllByLabelText('Income name')
      .find((input) => (input as HTMLInputElement).value === '')!
      .closest('tr') as HTMLElement;
    await waitFor(() => expect(within(fresh).getByLabelText('Bank Account')).toHaveDisplayValue('Savings Account'));
  });
});
