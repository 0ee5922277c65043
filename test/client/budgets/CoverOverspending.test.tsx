import { screen, waitFor, within } from '@testing-library/react';
import type { Budget, UpdateBudgetBody } from '../../../src/shared/schemas/budgets';
import { cancelAndAnswer } from '../../support/closeWithoutSaving';
import { mockFetch, type RecordedRequest } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import { refuse, renderBudgets } from './renderBudgets';

/** Dining (200.00) is overspent by 50.00; Rent 1,500.00, Emergency Fund 500.00 and Groceries 149.75 remain; 2,200.00 is unallocated. */
async function openBudget(refusal?: unknown) {
  let stored = sampleBudget();
  const save = (request: RecordedRequest) => {
    stored = savedBudget(request.body as UpdateBudgetBody);
    return { body: stored };
  };
  const network = mockFetch({
    'GET /allocation_categories': categories,
    'GET /bank_accounts': accounts,
    'GET /settings': householdSettings(),
    'GET /budgets': budgetList,
    'GET /budgets/7': () => ({ body: stored }),
    'PUT /budgets/7': refusal ?? save,
  });
  const rendered = renderBudgets('/budgets/7');
  await screen.findByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' });
  return { network, ...rendered };
}

function savedBudget(body: UpdateBudgetBody): Budget {
  const budget = sampleBudget({ lock_version: 4 });
  const amounts = new Map((body.allocations ?? []).map((row) => [row.id, row.amount]));
  return { ...budget, allocations: budget.allocations.map((line) => ({ ...line, amount: amounts.get(line.id) ?? line.amount })) };
}

async function openCover(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('button', { name: 'Cover Dining' }));
  return screen.findByRole('dialog', { name: 'Cover Dining' });
}

const after = (dialog: HTMLElement) => within(dialog).getByLabelText('After the move').textContent;

describe('Cover overspending', () => {
  it('is offered only on an overspent allocation, and moves money from the allocation chosen in one budget save', async () => {
    const { network, messages } = await openBudget();
    const user = setupUser();
    expect(screen.queryByRole('button', { name: 'Cover Rent' })).not.toBeInTheDocument();
    const dialog = await openCover(user);
    expect(dialog).toHaveTextContent('Dining is overspent by 50.00.');
    // Most money remaining first, the overspent amount proposed; the figures after the move follow the amount.
    expect(within(dialog).getByLabelText('Take from')).toHaveValue('21');
    expect(within(dialog).getByLabelText('Amount to move')).toHaveValue('50.00');
    expect(after(dialog)).toBe('Dining remaining0.00Rent remaining1,450.00Unallocated2,200.00');

    await user.selectOptions(within(dialog).getByLabelText('Take from'), 'Groceries (149.75 available)');
    const amount = within(dialog).getByLabelText('Amount to move');
    await user.clear(amount);
    await user.type(amount, '200');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Groceries has only 149.75 to give.');
    expect(within(dialog).getByRole('button', { name: 'Move Money' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '60');
    expect(after(dialog)).toBe('Dining remaining10.00Groceries remaining89.75Unallocated2,200.00');

    await user.click(within(dialog).getByRole('button', { name: 'Move Money' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cover Dining' })).not.toBeInTheDocument());
    expect(network.find('PUT', '/budgets/7').map((request) => request.body)).toEqual([
      {
        lock_version: 3,
        allocations: [
          { id: 23, name: 'Dining', amount: 26000, allocation_category_id: 2 },
          { id: 22, name: 'Groceries', amount: 54000, allocation_category_id: 2 },
        ],
      },
    ]);
    expect(messages).toContain('Budget saved.');
    // The page shows the saved budget: Dining is no longer overspent.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cover Dining' })).not.toBeInTheDocument());
  });

  it('opens with the focus in "Take from", and asks before Cancel drops a changed amount', async () => {
    const { network } = await openBudget();
    const user = setupUser();
    const dialog = await openCover(user);
    await waitFor(() => expect(within(dialog).getByLabelText('Take from')).toHaveFocus());
    const amount = within(dialog).getByLabelText('Amount to move');
    await user.clear(amount);
    await user.type(amount, '20');
    await cancelAndAnswer(user, dialog, 'No', 'this move');
    expect(amount).toHaveValue('20.00');
    await cancelAndAnswer(user, dialog, 'Yes', 'this move');
    await waitFor(() => expect(screen.queryByText('Cover Dining', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(network.find('PUT', '/budgets/7')).toHaveLength(0);
  });

  it('covers from Unallocated by raising only the overspent allocation', async () => {
    const { network } = await openBudget();
    const user = setupUser();
    const dialog = await openCover(user);
    await user.selectOptions(within(dialog).getByLabelText('Take from'), 'Unallocated (2,200.00 available)');
    expect(after(dialog)).toBe('Dining remaining0.00Unallocated2,150.00');
    await user.click(within(dialog).getByRole('button', { name: 'Move Money' }));
    await waitFor(() => expect(network.find('PUT', '/budgets/7')).toHaveLength(1));
    expect(network.find('PUT', '/budgets/7')[0].body).toEqual({ lock_version: 3, allocations: [{ id: 23, name: 'Dining', amount: 25000, allocation_category_id: 2 }] });
  });

  it('sends with a second move the lock_version the first move returned (any write since is a conflict)', async () => {
    // A server that takes each save's version and leaves Dining overspent, so it can be covered twice.
    let version = 3;
    const network = mockFetch({
      'GET /allocation_categories': categories,
      'GET /bank_accounts': accounts,
      'GET /settings': householdSettings(),
      'GET /budgets': budgetList,
      'GET /budgets/7': () => ({ body: sampleBudget({ lock_version: version }) }),
      'PUT /budgets/7': () => ({ body: sampleBudget({ lock_version: ++version }) }),
    });
    renderBudgets('/budgets/7');
    await screen.findByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' });
    const user = setupUser();
    for (const moves of [1, 2]) {
      const dialog = await openCover(user);
      await user.click(within(dialog).getByRole('button', { name: 'Move Money' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cover Dining' })).not.toBeInTheDocument());
      await waitFor(() => expect(network.find('PUT', '/budgets/7')).toHaveLength(moves));
    }
    expect(network.find('PUT', '/budgets/7').map((save) => (save.body as UpdateBudgetBody).lock_version)).toEqual([3, 4]);
  });

  it("keeps the dialog and the amount when the server refuses, with the server's reason", async () => {
    await openBudget(refuse(409, 'This budget was changed by someone else. Reload to see their changes.'));
    const user = setupUser();
    const dialog = await openCover(user);
    await user.click(within(dialog).getByRole('button', { name: 'Move Money' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Budget not saved\.\s*This budget was changed by someone else/);
    expect(within(dialog).getByLabelText('Amount to move')).toHaveValue('50.00');
  });
});
