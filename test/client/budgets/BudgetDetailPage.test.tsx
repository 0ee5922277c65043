import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { Upcoming } from '../../../src/shared/schemas/schedules';
import { mockFetch, refusal } from '../../support/fetchMock';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import { answer, atPhoneWidth, refuse, renderBudgets } from './renderBudgets';

const fixedRoutes = (overrides: Record<string, unknown> = {}) => ({
  'GET /allocation_categories': categories,
  'GET /bank_accounts': accounts,
  'GET /settings': householdSettings(),
  'GET /budgets': budgetList,
  'GET /transactions/last_update': { transaction_date: '2026-01-05', has_transactions: true },
  // No bills that repeat: no allocation shows what is still scheduled.
  'GET /schedules/upcoming': [],
  ...overrides,
});

const heading = 'Budget: Jan 01 - Jan 31, 2026';
const incomesTable = () => screen.getByRole('table', { name: 'Incomes' });
const allocationsTable = () => screen.getByRole('table', { name: 'Allocations' });
const rowWith = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
const inputRow = (table: HTMLElement, label: string, value: string) =>
  within(table)
    .getAllByLabelText(label)
    .find((input) => (input as HTMLInputElement).value === value)!
    .closest('tr') as HTMLElement;

async function openBudget(routes: Record<string, unknown> = {}) {
  const network = mockFetch(fixedRoutes({ 'GET /budgets/7': sampleBudget(), ...routes }));
  const rendered = renderBudgets('/budgets/7');
  await screen.findByRole('heading', { name: heading });
  return { network, ...rendered };
}

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Make Changes' }));
  await screen.findByRole('button', { name: 'Save Changes' });
}

describe('budget detail', () => {
  it('is titled "Budget:" while viewing and the spec\'s "Edit Budget:" while editing', async () => {
    await openBudget();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Edit Budget/ })).not.toBeInTheDocument();
    await startEditing(user);
    expect(await screen.findByRole('heading', { name: 'Edit Budget: Jan 01 - Jan 31, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' })).toBeInTheDocument();
  });

  it('shows incomes, allocations grouped by category with subtotals, totals and the couple summary', async () => {
    await openBudget();
    const salary = rowWith(incomesTable(), 'Salary');
    expect(salary).toHaveTextContent('3,000.00');
    expect(salary).toHaveTextContent('Chequing');
    expect(rowWith(incomesTable(), 'Total')).toHaveTextContent('5,000.00');

    const rows = within(allocationsTable()).getAllByRole('row').map((row) => row.textContent);
    const order = ['Food', 'Dining', 'Groceries', 'Food Subtotal', 'Housing', 'Emergency Fund', 'Rent', 'Housing Subtotal'];
    expect(order.map((name) => rows.findIndex((text) => text?.startsWith(name)))).toEqual([...order.keys()].map((i) => i + 1));
    expect(rowWith(allocationsTable(), 'Food Subtotal')).toHaveTextContent('800.00700.2599.75');
    const dining = rowWith(allocationsTable(), 'Dining');
    expect(within(dining).getByText('-50.00')).toHaveClass('ec-money--negative');
    expect(dining).toHaveTextContent('Want');
    expect(rowWith(allocationsTable(), 'Rent')).toHaveTextContent('Yes');
    expect(rowWith(allocationsTable(), 'Total')).toHaveTextContent('2,800.00');
    expect(within(allocationsTable()).getByText(/Unallocated:/)).toHaveTextContent('Unallocated: 2,200.00');

    const discretionary = await screen.findByRole('table', { name: 'Discretionary Summary' });
    await waitFor(() => expect(within(discretionary).getByText("Alice's Discretionary Amount")).toBeInTheDocument());
    expect(rowWith(discretionary, 'Total Discretionary Amount')).toHaveTextContent('2,200.00');
    expect(rowWith(discretionary, "Alice's Discretionary Amount")).toHaveTextContent('1,100.00');
    expect(rowWith(discretionary, "Bob's Discretionary Amount")).toHaveTextContent('1,100.00');
    const labels = within(discretionary).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(labels).toEqual(['Total Discretionary Amount', "Alice's Discretionary Amount", "Bob's Discretionary Amount"]);

    const wants = screen.getByRole('table', { name: 'Wants Summary' });
    // Wants is what is allocated to wants (issue 42): the unallocated income is its own line, never counted as wants.
    expect(within(wants).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Needs', 'Wants', 'Savings', 'Unallocated']);
    expect(rowWith(wants, 'Needs').textContent).toBe('Needs2,100.0042.0%');
    expect(rowWith(wants, 'Wants').textContent).toBe('Wants200.004.0%');
    expect(rowWith(wants, 'Savings').textContent).toBe('Savings500.0010.0%');
    expect(rowWith(wants, 'Unallocated').textContent).toBe('Unallocated2,200.0044.0%');
  });

  it("shows one person's discretionary amount for a single household, and the odd cent to the wife for a couple", async () => {
    const single = await openBudget({ 'GET /settings': householdSettings({ family_type: 'single' }) });
    const summary = screen.getByRole('table', { name: 'Discretionary Summary' });
    await waitFor(() => expect(rowWith(summary, "Sam's Discretionary Amount")).toHaveTextContent('2,200.00'));
    expect(within(summary).queryByText('Total Discretionary Amount')).not.toBeInTheDocument();
    single.unmount();

    const odd = sampleBudget();
    odd.incomes[0] = { ...odd.incomes[0], amount: 300001 };
    mockFetch(fixedRoutes({ 'GET /budgets/7': odd }));
    renderBudgets('/budgets/7');
    const couple = await screen.findByRole('table', { name: 'Discretionary Summary' });
    await waitFor(() => expect(rowWith(couple, "Alice's Discretionary Amount")).toHaveTextContent('1,100.01'));
    expect(rowWith(couple, "Bob's Discretionary Amount")).toHaveTextContent('1,100.00');
  });

  it("shows under an allocation's remaining what its schedules still take this period, and hides it while editing", async () => {
    const user = userEvent.setup();
    const bill = (fields: Partial<Upcoming>): Upcoming => ({
      schedule_id: 1,
      date: '2026-01-20',
      description: 'Rent',
      amount: -150_000,
      bank_account_id: 5,
      allocation_id: 21,
      allocation_name: 'Rent',
      sink_fund_allocation_id: null,
      auto_enter: false,
      tolerance: 0,
      due: false,
      ...fields,
    });
    const { network } = await openBudget({
      'GET /schedules/upcoming': [
        bill({}),
        bill({ schedule_id: 2, description: 'Takeaway', amount: -2_500, allocation_id: 23, allocation_name: 'Dining' }),
        bill({ schedule_id: 2, description: 'Takeaway', amount: -2_500, allocation_id: 23, allocation_name: 'Dining', date: '2026-01-27' }),
        // A refund as big as the bill it follows: nothing left to come for that line.
        bill({ schedule_id: 3, description: 'Shop', amount: -1_000, allocation_id: 22, allocation_name: 'Groceries' }),
        bill({ schedule_id: 4, description: 'Shop refund', amount: 1_000, allocation_id: 22, allocation_name: 'Groceries' }),
        bill({ schedule_id: 5, description: 'Lottery', amount: -500, allocation_id: null, allocation_name: null }),
      ],
    });
    expect(await within(rowWith(allocationsTable(), 'Rent')).findByText('scheduled', { exact: false })).toHaveTextContent('1,500.00 scheduled');
    expect(within(rowWith(allocationsTable(), 'Dining')).getByText('scheduled', { exact: false })).toHaveTextContent('50.00 scheduled');
    expect(within(rowWith(allocationsTable(), 'Groceries')).queryByText('scheduled', { exact: false })).not.toBeInTheDocument();
    expect(within(rowWith(allocationsTable(), 'Emergency Fund')).queryByText('scheduled', { exact: false })).not.toBeInTheDocument();
    expect(network.find('GET', '/schedules/upcoming').map((r) => r.search)).toContain('?from=2026-01-01&to=2026-01-31');
    await startEditing(user);
    expect(within(allocationsTable()).queryByText('scheduled', { exact: false })).not.toBeInTheDocument();
  });

  it('shows a closed budget with a "Closed" tag and no "Make Changes"', async () => {
    await openBudget({ 'GET /budgets/7': sampleBudget({ status: 'closed' }) });
    expect(screen.getByText('Closed')).toHaveClass('ec-tag');
    expect(screen.queryByRole('button', { name: 'Make Changes' })).not.toBeInTheDocument();
  });

  it('links back to the list and to the budget transactions', async () => {
    const user = userEvent.setup();
    const { router } = await openBudget();
    await user.click(screen.getByRole('button', { name: 'View Transactions' }));
    expect(router.state.location.pathname).toBe('/transactions');
    expect(router.state.location.search).toBe('?budget_id=7');
  });

  it('edits live and saves what changed (the server keeps the rows not sent), then says "Budget saved."', async () => {
    const user = userEvent.setup();
    let saved: unknown;
    const { network, messages } = await openBudget({
      'PUT /budgets/7': (request: { body: unknown }) => {
        saved = request.body;
        return { body: sampleBudget({ lock_version: 4 }) };
      },
    });
    await startEditing(user);
    const groceries = inputRow(allocationsTable(), 'Allocation name', 'Groceries');
    const amount = within(groceries).getByLabelText(/ amount$/);
    await user.clear(amount);
    await user.type(amount, '700');
    expect(within(allocationsTable()).getByText(/Unallocated:/)).toHaveTextContent('Unallocated: 2,100.00');
    expect(rowWith(allocationsTable(), 'Food Subtotal')).toHaveTextContent('900.00');
    expect(rowWith(screen.getByRole('table', { name: 'Discretionary Summary' }), 'Total Discretionary Amount')).toHaveTextContent('2,100.00');

    await user.click(within(allocationsTable()).getByRole('button', { name: 'Add Fun Allocation' }));
    const names = within(allocationsTable()).getAllByLabelText('Allocation name');
    const fresh = names.find((input) => (input as HTMLInputElement).value === '')!;
    await user.type(fresh, 'Concert');
    await user.click(within(inputRow(allocationsTable(), 'Allocation name', 'Concert')).getByLabelText('Fixed Amount?'));

    await user.click(screen.getByRole('button', { name: 'Add Income' }));
    const incomeName = within(incomesTable())
      .getAllByLabelText('Income name')
      .find((input) => (input as HTMLInputElement).value === '')!;
    await user.type(incomeName, 'Bonus');
    const bonus = inputRow(incomesTable(), 'Income name', 'Bonus');
    await user.clear(within(bonus).getByLabelText(/ amount$/));
    await user.type(within(bonus).getByLabelText(/ amount$/), '1,000');
    await user.selectOptions(within(bonus).getByLabelText('Bank Account'), 'Savings Account');
    expect(rowWith(incomesTable(), 'Total')).toHaveTextContent('6,000.00');
    await user.click(within(inputRow(incomesTable(), 'Income name', 'Freelance')).getByRole('button', { name: 'Delete Freelance' }));
    expect(rowWith(incomesTable(), 'Total')).toHaveTextContent('4,000.00');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messages).toContain('Budget saved.'));
    expect(network.find('PUT', '/budgets/7')).toHaveLength(1);
    // Salary and the three allocations left alone are not sent.
    expect(saved).toMatchObject({
      lock_version: 3,
      incomes: [
        { id: 12, name: 'Freelance', deleted: true },
        { id: 0, name: 'Bonus', amount: 100000, bank_account_id: 6, deleted: false },
      ],
    });
    const allocations = (saved as { allocations: { id: number; name: string; amount: number }[] }).allocations;
    expect(allocations).toHaveLength(2);
    expect(allocations[0]).toMatchObject({ id: 22, name: 'Groceries', amount: 70000 });
    expect(allocations[1]).toMatchObject({ id: 0, name: 'Concert', allocation_category_id: 3, is_fixed_amount: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Changes' })).toBeInTheDocument());
  });

  it('sends with a second save the lock_version the first save returned (any write since is a conflict)', async () => {
    const user = userEvent.setup();
    let version = 3;
    const { network } = await openBudget({
      'GET /budgets/7': () => ({ body: sampleBudget({ lock_version: version }) }),
      'PUT /budgets/7': () => ({ body: sampleBudget({ lock_version: ++version }) }),
    });
    for (const [saves, amount] of [[1, '700'], [2, '800']] as const) {
      await startEditing(user);
      const groceries = within(inputRow(allocationsTable(), 'Allocation name', 'Groceries')).getByLabelText(/ amount$/);
      await user.clear(groceries);
      await user.type(groceries, amount);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(network.find('PUT', '/budgets/7')).toHaveLength(saves));
      await screen.findByRole('button', { name: 'Make Changes' });
    }
    expect(network.find('PUT', '/budgets/7').map((save) => (save.body as { lock_version: number }).lock_version)).toEqual([3, 4]);
  });

  it('cancels: back to view mode, a fresh load, and "Editing canceled"', async () => {
    const user = userEvent.setup();
    const { network, messages } = await openBudget();
    await startEditing(user);
    const amount = within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText(/ amount$/);
    await user.clear(amount);
    await user.type(amount, '1');
    const loads = network.find('GET', '/budgets/7').length;
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // There are edits: Cancel asks first.
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(messages).toContain('Editing canceled'));
    await waitFor(() => expect(network.find('GET', '/budgets/7').length).toBe(loads + 1));
    expect(rowWith(allocationsTable(), 'Rent')).toHaveTextContent('1,500.00');
    expect(screen.getByRole('button', { name: 'Make Changes' })).toBeInTheDocument();
  });

  it('keeps edit mode and every edit when the save is refused, showing the server message once, on the page', async () => {
    const user = userEvent.setup();
    const { messages } = await openBudget({
      'PUT /budgets/7': refuse(422, "Name can't be blank"),
    });
    await startEditing(user);
    const amount = within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText(/ amount$/);
    await user.clear(amount);
    await user.type(amount, '1234.5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Budget not saved.Name can't be blank.");
    expect(messages).toEqual([]);
    // Right after the answer antd still names the button with its loading icon for a moment.
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText(/ amount$/)).toHaveValue('1234.50');
  });

  it('names each refused row in the person\'s words, one reason per line, marks the rows, and keeps it until dismissed', async () => {
    const user = userEvent.setup();
    const { messages } = await openBudget({
      // The server names fields by their place in the save, as its validation does.
      'PUT /budgets/7': (request: { body: { allocations: { name: string }[] } }) => {
        const groceries = request.body.allocations.findIndex((row) => row.name === 'Groceries');
        const unnamed = request.body.allocations.findIndex((row) => row.name === '');
        return refusal(422, [`allocations.${groceries}.amount is too large`, "Name can't be blank"], {
          [`allocations.${groceries}.amount`]: [`allocations.${groceries}.amount is too large`],
          [`allocations.${unnamed}.name`]: ["Name can't be blank"],
        });
      },
    });
    await startEditing(user);
    const groceries = inputRow(allocationsTable(), 'Allocation name', 'Groceries');
    await user.clear(within(groceries).getByLabelText(/ amount$/));
    // Within the amount limit (a larger one is refused before sending): the server's refusal is what is shown.
    await user.type(within(groceries).getByLabelText(/ amount$/), '99999999');
    await user.click(within(allocationsTable()).getByRole('button', { name: 'Add Fun Allocation' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Budget not saved.')).toBeInTheDocument();
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Groceries: amount is too large.', "New allocation: Name can't be blank."]);
    // Said once: no pop-up repeats it.
    expect(messages).toEqual([]);

    const refusedRows = [...allocationsTable().querySelectorAll<HTMLElement>('tr.ec-row--refused')];
    expect(refusedRows).toEqual([inputRow(allocationsTable(), 'Allocation name', 'Groceries'), inputRow(allocationsTable(), 'Allocation name', '')]);
    expect(within(refusedRows[0]).getByLabelText(/ amount$/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(refusedRows[0]).getByLabelText('Allocation name')).not.toHaveAttribute('aria-invalid');
    expect(within(refusedRows[1]).getByLabelText('Allocation name')).toHaveAttribute('aria-invalid', 'true');

    // It stays while the person works on it, until they close it.
    await user.type(within(refusedRows[1]).getByLabelText('Allocation name'), 'Concert');
    expect(screen.getByRole('alert')).toHaveTextContent('Groceries: amount is too large');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(allocationsTable().querySelectorAll('tr.ec-row--refused')).toHaveLength(0);
  });

  it('moves the focus to the first field of a row just added', async () => {
    const user = userEvent.setup();
    await openBudget();
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Add Income' }));
    const incomeNames = within(incomesTable()).getAllByLabelText('Income name');
    expect(incomeNames[incomeNames.length - 1]).toHaveFocus();
    expect(incomeNames[incomeNames.length - 1]).toHaveValue('');

    await user.click(within(allocationsTable()).getByRole('button', { name: 'Add Food Allocation' }));
    const fresh = within(allocationsTable()).getAllByLabelText('Allocation name').find((input) => (input as HTMLInputElement).value === '')!;
    expect(fresh).toHaveFocus();
    await user.keyboard('Bakery');
    expect(inputRow(allocationsTable(), 'Allocation name', 'Bakery')).toBe(fresh.closest('tr'));
  });

  it('offers "Reload" on a conflict, keeping the edits on top of the latest budget', async () => {
    const user = userEvent.setup();
    const conflict = 'This budget was changed by someone else. Reload to see their changes.';
    let loads = 0;
    const theirs: Budget = sampleBudget({ lock_version: 4 });
    theirs.allocations = theirs.allocations.map((row) => (row.name === 'Groceries' ? { ...row, amount: 65000 } : row));
    const saves: unknown[] = [];
    await openBudget({
      'GET /budgets/7': () => ({ body: loads++ === 0 ? sampleBudget() : theirs }),
      'PUT /budgets/7': (request: { body: unknown }) => {
        saves.push(request.body);
        return saves.length === 1 ? refuse(409, conflict)() : { body: theirs };
      },
    });
    await startEditing(user);
    const amount = within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText(/ amount$/);
    await user.clear(amount);
    await user.type(amount, '1600');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(conflict);
    expect(within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText(/ amount$/)).toHaveValue('1600.00');

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(inputRow(allocationsTable(), 'Allocation name', 'Groceries')).getByLabelText(/ amount$/)).toHaveValue('650.00'));
    expect(within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText(/ amount$/)).toHaveValue('1600.00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ lock_version: 4 });
    // Only the person's edit is sent: their Groceries, read at the Reload, stays as the server has it.
    const rows = (saves[1] as { allocations: { name: string; amount: number }[] }).allocations;
    expect(rows.map((row) => [row.name, row.amount])).toEqual([['Rent', 160000]]);
  });

  it('asks before leaving with unsaved edits', async () => {
    const user = userEvent.setup();
    const { router } = await openBudget();
    await startEditing(user);
    await user.type(within(inputRow(allocationsTable(), 'Allocation name', 'Rent')).getByLabelText('Allocation comment'), 'x');
    await user.click(screen.getByRole('button', { name: 'Back to Budget List' }));
    await answer('Leave without saving?', 'No', user);
    expect(router.state.location.pathname).toBe('/budgets/7');
    await user.click(screen.getByRole('button', { name: 'Back to Budget List' }));
    await answer('Leave without saving?', 'Yes', user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/budgets'));
  });

  it("opens the transactions behind an allocation, adding up to the row's Spent in its sign", async () => {
    const user = userEvent.setup();
    const network = await openBudget({
      'GET /transactions/by_allocation': [
        { id: 1, transaction_date: '2026-01-03', description: 'Market', net_amount: -30025 },
        { id: 2, transaction_date: '2026-01-09', description: 'Returned jar', net_amount: 5000 },
        { id: 3, transaction_date: '2026-01-20', description: 'Bakery', net_amount: -20000 },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Transactions for Groceries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transactions for Groceries' });
    await within(dialog).findByText('Market');
    expect(network.network.find('GET', '/transactions/by_allocation')[0].search).toBe('?allocation_id=22');
    expect(within(dialog).getByRole('columnheader', { name: 'Spent' })).toBeInTheDocument();
    expect(rowWith(dialog, 'Market')).toHaveTextContent('Jan 03, 2026Market300.25');
    expect(rowWith(dialog, 'Returned jar')).toHaveTextContent('Refund -50.00');
    expect(rowWith(dialog, 'Total')).toHaveTextContent('450.25');
    const spentOnRow = rowWith(allocationsTable(), 'Groceries').querySelector('.ec-spent')?.textContent;
    expect(spentOnRow).toBe('450.25');
    expect(within(rowWith(dialog, 'Total')).getByRole('cell').textContent).toBe(spentOnRow);
  });

  it('shows only name, amount, spent, remaining and delete on a phone', async () => {
    const desktop = atPhoneWidth();
    try {
      mockFetch(fixedRoutes({ 'GET /budgets/7': sampleBudget() }));
      renderBudgets('/budgets/7');
      await screen.findByRole('table', { name: 'Allocations' });
      expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
      const headers = within(allocationsTable()).getAllByRole('columnheader').map((cell) => cell.textContent);
      expect(headers).toEqual(['Name', 'Amount', 'Spent', 'Remaining', 'Delete']);
    } finally {
      desktop();
    }
  });
});

describe("a row's other fields on a phone", () => {
  // Rent has a comment and a fixed amount, Dining neither; Salary is Alice's without a comment, Freelance shared with one.
  const budget = () => {
    const sample = sampleBudget();
    sample.incomes = sample.incomes.map((income) => ({ ...income, owner: income.name === 'Salary' ? 'wife' : 'shared' }));
    sample.allocations = sample.allocations.map((allocation) => (allocation.name === 'Rent' ? { ...allocation, comment: 'Due on the 1st' } : allocation));
    return sample;
  };

  /** Opens a row's "More fields" and reads them: each label (dt) with its value (dd). */
  async function readMoreFields(user: ReturnType<typeof userEvent.setup>, table: HTMLElement, name: string) {
    const toggle = within(table).getByRole('button', { name: `More fields: ${name}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const fields = within(table).getByRole('group', { name: `More fields of ${name}` });
    expect(toggle).toHaveAttribute('aria-controls', fields.id);
    const labels = within(fields).getAllByRole('term').map((term) => term.textContent);
    const values = within(fields).getAllByRole('definition').map((value) => value.textContent);
    return Object.fromEntries(labels.map((label, at) => [label, values[at]]));
  }

  it('reads, in view mode, the class, fixed amount, comment and whose that the columns leave out', async () => {
    const desktop = atPhoneWidth();
    try {
      const user = userEvent.setup();
      mockFetch(fixedRoutes({ 'GET /budgets/7': budget() }));
      renderBudgets('/budgets/7');
      await screen.findByRole('table', { name: 'Allocations' });
      await waitFor(() => expect(within(incomesTable()).getByRole('rowheader', { name: "Salary Alice's" })).toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Make Changes' })).toBeInTheDocument();

      expect(await readMoreFields(user, allocationsTable(), 'Rent')).toEqual({ Class: 'Need', 'Fixed Amount?': 'Yes', Comment: 'Due on the 1st' });
      expect(await readMoreFields(user, allocationsTable(), 'Dining')).toEqual({ Class: 'Want', 'Fixed Amount?': 'No', Comment: 'No comment' });
      expect(await readMoreFields(user, incomesTable(), 'Freelance')).toEqual({ Whose: 'Shared', Comment: 'invoices' });
      expect(await readMoreFields(user, incomesTable(), 'Salary')).toEqual({ Whose: "Alice's", Comment: 'No comment' });
      // Reading: nothing to edit or delete.
      expect(within(allocationsTable()).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(allocationsTable()).queryByRole('button', { name: 'Delete Rent' })).not.toBeInTheDocument();

      const rent = within(allocationsTable()).getByRole('button', { name: 'More fields: Rent' });
      await user.click(rent);
      expect(rent).toHaveAttribute('aria-expanded', 'false');
      expect(within(allocationsTable()).queryByRole('group', { name: 'More fields of Rent' })).not.toBeInTheDocument();
      expect(within(allocationsTable()).getByRole('group', { name: 'More fields of Dining' })).toBeInTheDocument();
    } finally {
      desktop();
    }
  });

  it('has no "More fields" on a desktop, where every field is a column', async () => {
    await openBudget({ 'GET /budgets/7': budget() });
    expect(rowWith(allocationsTable(), 'Rent')).toHaveTextContent('Due on the 1st');
    expect(screen.queryAllByRole('button', { name: /^More fields/ })).toEqual([]);
  });
});

describe('whose an income is', () => {
  // Salary is Alice's, Freelance shared: by income Alice weighs 3,000 + 1,000 and Bob 1,000 of the 2,200.00.
  const ownedBudget = () => {
    const budget = sampleBudget();
    budget.incomes = budget.incomes.map((income) => ({ ...income, owner: income.name === 'Salary' ? 'wife' : 'shared' }));
    return budget;
  };
  const byIncome = householdSettings({ split_rule: 'income' });
  const shareOf = (name: string) => rowWith(screen.getByRole('table', { name: 'Discretionary Summary' }), `${name}'s Discretionary Amount`);

  it('shows a Whose column in the partners\' names, edits it with the draft, and the split by income follows live', async () => {
    const user = userEvent.setup();
    let saved: { incomes: { id: number; owner?: string }[] } | undefined;
    const { router, messages } = await openBudget({
      'GET /budgets/7': ownedBudget(),
      'GET /settings': byIncome,
      'PUT /budgets/7': (request: { body: typeof saved }) => {
        saved = request.body;
        return { body: ownedBudget() };
      },
    });
    expect(within(incomesTable()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Amount', 'Whose', 'Bank Account', 'Comment', 'Delete']);
    expect(rowWith(incomesTable(), 'Salary')).toHaveTextContent("Alice's");
    expect(rowWith(incomesTable(), 'Freelance')).toHaveTextContent('Shared');
    await waitFor(() => expect(shareOf('Bob')).toHaveTextContent('440.00'));
    expect(shareOf('Alice')).toHaveTextContent('1,760.00');

    await startEditing(user);
    const whose = within(incomesTable()).getByLabelText('Whose: Freelance');
    expect(within(whose).getAllByRole('option').map((option) => option.textContent)).toEqual(["Alice's", "Bob's", 'Shared']);
    await user.selectOptions(whose, "Bob's");
    expect(shareOf('Bob')).toHaveTextContent('880.00');
    expect(shareOf('Alice')).toHaveTextContent('1,320.00');

    // Only whose it is changed, and that is an unsaved edit like any other.
    await user.click(screen.getByRole('button', { name: 'Back to Budget List' }));
    await answer('Leave without saving?', 'No', user);
    expect(router.state.location.pathname).toBe('/budgets/7');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messages).toContain('Budget saved.'));
    expect(saved?.incomes).toEqual([expect.objectContaining({ id: 12, owner: 'husband' })]);
  });

  it('has no Whose for a single person', async () => {
    await openBudget({ 'GET /budgets/7': ownedBudget(), 'GET /settings': householdSettings({ family_type: 'single' }) });
    await screen.findByRole('table', { name: 'Discretionary Summary' });
    await waitFor(() => expect(screen.getByText("Sam's Discretionary Amount")).toBeInTheDocument());
    expect(within(incomesTable()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Amount', 'Bank Account', 'Comment', 'Delete']);
    expect(within(incomesTable()).queryByText("Alice's")).not.toBeInTheDocument();
  });

  it('shows whose an income is as a tag by its name on a phone', async () => {
    const desktop = atPhoneWidth();
    try {
      mockFetch(fixedRoutes({ 'GET /budgets/7': ownedBudget(), 'GET /settings': byIncome }));
      renderBudgets('/budgets/7');
      await screen.findByRole('table', { name: 'Incomes' });
      await waitFor(() => expect(within(incomesTable()).getByRole('rowheader', { name: "Salary Alice's" })).toBeInTheDocument());
      expect(within(incomesTable()).getByRole('rowheader', { name: 'Freelance Shared' })).toBeInTheDocument();
      expect(within(incomesTable()).getAllByRole('columnheader').map((cell) => cell.textContent)).not.toContain('Whose');
    } finally {
      desktop();
    }
  });
});

describe('current budget', () => {
  it('goes to the open budget with the earliest start', async () => {
    mockFetch(fixedRoutes({ 'GET /budgets/current': { budget_id: 7 }, 'GET /budgets/7': sampleBudget() }));
    const { router } = renderBudgets('/budgets/current');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/budgets/7');
  });

  it('explains what to do when no budget is open, without an error', async () => {
    mockFetch(fixedRoutes({ 'GET /budgets/current': refuse(404, 'There is no open budget') }));
    const { store } = renderBudgets('/budgets/current');
    expect(await screen.findByText('There is no open budget')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Budgets' })).toBeInTheDocument();
    expect(store.getState().messages.current).toBeNull();
  });
});
