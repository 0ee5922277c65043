import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import QuickAddPage from '../../../src/features/quick-add/QuickAddPage';
import { MessageBar } from '../../../src/platform/messages/MessageBar';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { renderWithProviders, signedInState, storeTestCredentials } from '../../support/render';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { transaction } from '../transactions/builders';
import { ALLOCATIONS, CARD, CHEQUING, household, suggestionsResponse } from '../transactions/renderTransactions';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(240_000);

const SAVINGS = { ...CHEQUING, id: 3, name: 'Savings', is_cash: false };
const VISA = { ...CARD, is_cash: false };
const saved = (request: RecordedRequest) => {
  const body = request.body as { description: string; withdrawal_amount: number; deposit_amount: number; bank_account_id: number };
  return { status: 201, body: transaction({ id: 500, ...body }) };
};

function renderQuickAdd(overrides: Record<string, unknown> = {}) {
  const network = mockFetch(
    household({
      'GET /bank_accounts': [SAVINGS, VISA, CHEQUING],
      'POST /transactions/suggestions': suggestionsResponse({ 'Corner Shop': ALLOCATIONS[0].id }),
      'POST /transactions/one': saved,
      ...overrides,
    }),
  );
  renderWithProviders(
    <>
      <MessageBar />
      <QuickAddPage />
    </>,
    { path: '/quick-add', preloadedState: signedInState() },
  );
  return network;
}

const setDate = (date: string) => fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
const comboboxValue = (name: string) => screen.getByRole('combobox', { name }).closest('.ant-select')?.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

beforeEach(() => {
  window.localStorage.clear();
  storeTestCredentials();
});

describe('Quick Add', () => {
  it('records a purchase with the allocation suggested from its description, says so, and is ready for the next one', async () => {
    const network = renderQuickAdd();
    const user = setupUser();
    // The first cash account, not the first account.
    await waitFor(() => expect(comboboxValue('Account')).toBe('Chequing'));
    setDate('2026-03-14');
    await user.type(screen.getByLabelText('Description'), 'Corner Shop');
    // After a pause in typing; jsdom draws antd slowly on a busy machine.
    await waitFor(() => expect(comboboxValue('Allocation')).toBe(ALLOCATIONS[0].name), { timeout: 30_000 });
    expect(screen.getByText('Suggested from earlier transactions like this one.')).toBeInTheDocument();
    expect(network.find('POST', '/transactions/suggestions').at(-1)?.body).toEqual({ budget_id: 7, descriptions: ['Corner Shop'] });
    await user.type(screen.getByLabelText('Amount'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved: Corner Shop 12.50 withdrawn.')).toBeInTheDocument();
    expect(network.find('POST', '/transactions/one').map((r) => r.body)).toEqual([
      { bank_account_id: CHEQUING.id, transaction_date: '2026-03-14', description: 'Corner Shop', withdrawal_amount: 1250, deposit_amount: 0, allocation_id: ALLOCATIONS[0].id },
    ]);
    // The next entry: same account and date, the rest empty, the description focused.
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveFocus();
    expect(screen.getByLabelText('Amount')).toHaveValue('0.00');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-03-14');
    expect(window.localStorage.getItem('quickAddAccount:admin@example.com')).toBe(String(CHEQUING.id));
  });

  it('keeps the entry when the save is refused, with the reason; a picked allocation is never replaced by a suggestion', async () => {
    const network = renderQuickAdd({ 'POST /transactions/one': () => refusal(422, ['This budget is closed. Reopen it to make changes.']) });
    const user = setupUser();
    await waitFor(() => expect(comboboxValue('Account')).toBe('Chequing'));
    setDate('2026-03-20');
    await chooseOption(user, 'Allocation', 'Rent');
    await user.type(screen.getByLabelText('Description'), 'Corner Shop');
    await user.click(screen.getByRole('radio', { name: 'Deposited' }));
    await user.type(screen.getByLabelText('Amount'), '40');
    await waitFor(() => expect(network.find('POST', '/transactions/suggestions')).toHaveLength(0), { timeout: 1000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/Not saved\.\s*This budget is closed\. Reopen it to make changes\./);
    expect(network.find('POST', '/transactions/one')[0].body).toMatchObject({ withdrawal_amount: 0, deposit_amount: 4000, allocation_id: 13 });
    expect(screen.getByLabelText('Description')).toHaveValue('Corner Shop');
    expect(screen.getByLabelText('Amount')).toHaveValue('40.00');
    expect(comboboxValue('Allocation')).toBe('Rent');
    expect(window.localStorage.getItem('quickAddAccount:admin@example.com')).toBeNull();
  });

  it('starts with the account used last on this device, and sends nothing without a description and an amount', async () => {
    window.localStorage.setItem('quickAddAccount:admin@example.com', String(CARD.id));
    const network = renderQuickAdd();
    const user = setupUser();
    await waitFor(() => expect(comboboxValue('Account')).toBe('Visa'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved. Enter a description. Enter an amount above 0.');
    expect(network.find('POST', '/transactions/one')).toHaveLength(0);
  });

  it("offers a sink fund's envelopes instead of allocations and records the row in the one picked", async () => {
    const fund = { ...CHEQUING, id: 9, name: 'Sinking', is_cash: false, account_type: 'sink_fund' };
    window.localStorage.setItem('quickAddAccount:admin@example.com', String(fund.id));
    const envelope = (id: number, name: string) => ({ id, bank_account_id: fund.id, name, amount: 0, target: 0, current_balance: 0, outstanding: 0, comment: null, status: 'open', transaction_count: 0 });
    const network = renderQuickAdd({
      'GET /bank_accounts': [SAVINGS, VISA, CHEQUING, fund],
      'GET /sink_fund_allocations': [envelope(31, 'Car'), envelope(32, 'Christmas')],
    });
    const user = setupUser();
    await waitFor(() => expect(comboboxValue('Account')).toBe('Sinking'));
    setDate('2026-03-14');
    expect(screen.queryByRole('combobox', { name: 'Allocation' })).not.toBeInTheDocument();
    await chooseOption(user, 'Sink Fund Allocation', 'Christmas');
    expect(network.find('GET', '/sink_fund_allocations').at(-1)?.search).toBe('?bank_account_id=9');
    await user.type(screen.getByLabelText('Description'), 'Tree');
    await user.type(screen.getByLabelText('Amount'), '80');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved: Tree 80.00 withdrawn.')).toBeInTheDocument();
    expect(network.find('POST', '/transactions/one').map((r) => r.body)).toEqual([
      { bank_account_id: fund.id, transaction_date: '2026-03-14', description: 'Tree', withdrawal_amount: 8000, deposit_amount: 0, allocation_id: null, sink_fund_allocation_id: 32 },
    ]);
    // Ready for the next one, the envelope cleared.
    expect(comboboxValue('Sink Fund Allocation')).not.toBe('Christmas');
  });
});
