import { configure, screen, waitFor, within } from '@testing-library/react';
import FindTransactionsPage from '../../../src/features/transactions/FindTransactionsPage';
import { SEARCH_CURSOR_NOT_FOUND, type SearchResult } from '../../../src/shared/schemas/transactionTools';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { transaction } from './builders';
import { ALLOCATIONS, CARD, CHEQUING, household } from './renderTransactions';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(180_000);

const result = (id: number, overrides: Partial<SearchResult> = {}): SearchResult => ({
  ...transaction({ id, description: `Found ${id}`, withdrawal_amount: 1000 * id }),
  // A found split row's parts are named (`allocation_name`); the window's row type has none.
  splits: undefined,
  bank_account_name: 'Chequing',
  budget_id: 7,
  budget_name: 'Mar 01 - Mar 31, 2026',
  allocation_name: 'Groceries',
  ...overrides,
});

/** Answers every search with `results` as page `page` of `total`, recording the query strings asked. */
function searchServer(results: SearchResult[], total = results.length) {
  const asked: URLSearchParams[] = [];
  const network = mockFetch(
    household({
      'GET /transactions/search': (request: RecordedRequest) => {
        const query = new URLSearchParams(request.search);
        asked.push(query);
        return { body: { results, total, page: Number(query.get('page') ?? 1), per_page: 50, net_total: -123456 } };
      },
    }),
  );
  return { network, asked, last: () => Object.fromEntries(asked.at(-1)!.entries()) };
}

const renderFind = (url = '/transactions/find') =>
  renderWithProviders(<FindTransactionsPage />, {
    path: '/transactions/find',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/transactions', element: <h1>Transactions window</h1> }],
  });


describe('Find Transactions', () => {
  it('searches the household by text, with the filters, and shows the total and net of every match', async () => {
    const server = searchServer([result(1), result(2, { description: 'Pharmacy', bank_account_name: 'Visa', allocation_name: null, status: 'unpaid' })], 2);
    const user = setupUser();
    const { router } = renderFind();
    expect(await screen.findByText('Found 1')).toBeInTheDocument();
    expect(screen.getByText('2 transactions found', { exact: false })).toHaveTextContent('2 transactions found, net -1,234.56');

    await user.type(screen.getByRole('searchbox', { name: 'Description, amount or reference' }), 'pharm{Enter}');
    await waitFor(() => expect(server.last()).toEqual({ q: 'pharm' }));
    await chooseOption(user, 'Bank Account', CARD.name);
    await waitFor(() => expect(server.last()).toEqual({ q: 'pharm', bank_account_id: String(CARD.id) }));
    await chooseOption(user, 'Paid?', 'Unpaid');
    await waitFor(() => expect(server.last()).toEqual({ q: 'pharm', bank_account_id: String(CARD.id), status: 'unpaid' }));
    // The search is the address: it can be bookmarked and Back goes to the previous one.
    expect(router.state.location.search).toBe(`?q=pharm&bank_account_id=${CARD.id}&status=unpaid`);
  });

  it('filters by allocation only within a chosen budget, and drops the allocation when the budget changes', async () => {
    const server = searchServer([result(1)]);
    const user = setupUser();
    renderFind();
    await screen.findByText('Found 1');
    expect(screen.getByRole('combobox', { name: 'Allocation' })).toBeDisabled();
    await chooseOption(user, 'Budget', 'Mar 01 - Mar 31, 2026');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Allocation' })).toBeEnabled());
    await chooseOption(user, 'Allocation', ALLOCATIONS[2].name);
    await waitFor(() => expect(server.last()).toEqual({ budget_id: '7', allocation_id: String(ALLOCATIONS[2].id) }));
    await chooseOption(user, 'Budget', 'Feb 01 - Feb 28, 2026');
    await waitFor(() => expect(server.last()).toEqual({ budget_id: '6' }));
  });

  it('sorts on the server by a column and pages by cursor, forward and back', async () => {
    // 120 matches, 50 a page: each page's rows follow the cursor (the previous page's last id).
    const asked: URLSearchParams[] = [];
    mockFetch(
      household({
        'GET /transactions/search': (request: RecordedRequest) => {
          const query = new URLSearchParams(request.search);
          asked.push(query);
          const page = Number(query.get('page') ?? 1);
          const first = query.has('cursor') ? Number(query.get('cursor')) + 1 : (page - 1) * 50 + 1;
          const ids = Array.from({ length: Math.min(50, 121 - first) }, (_, index) => first + index);
          return { body: { results: ids.map((id) => result(id)), total: 120, page, per_page: 50, net_total: -123456, next_cursor: ids.at(-1)! < 120 ? ids.at(-1) : null } };
        },
      }),
    );
    const last = () => Object.fromEntries(asked.at(-1)!.entries());
    const user = setupUser();
    const { router } = renderFind('/transactions/find?q=found');
    await screen.findByText('Found 1');
    await user.click(screen.getAllByText('Amount')[0]);
    await waitFor(() => expect(last()).toEqual({ q: 'found', sort: 'amount', order: 'asc' }));

    await user.click(screen.getByRole('listitem', { name: 'Next Page' }));
    await waitFor(() => expect(last()).toEqual({ q: 'found', sort: 'amount', order: 'asc', page: '2', cursor: '50' }));
    expect(await screen.findByText('Found 51')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: 'Next Page' }));
    await waitFor(() => expect(last()).toEqual({ q: 'found', sort: 'amount', order: 'asc', page: '3', cursor: '100' }));
    expect(await screen.findByText('Found 120')).toBeInTheDocument();
    // The trail of cursors is in the address: a bookmark or Back comes to the same page.
    expect(router.state.location.search).toBe('?q=found&sort=amount&order=asc&page=3&after=50%2C100');
    // Back a page: the trail less its last cursor (the page read before comes from the cache).
    await user.click(screen.getByRole('listitem', { name: 'Previous Page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=found&sort=amount&order=asc&page=2&after=50'));
    expect(await screen.findByText('Found 51')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: 'Previous Page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=found&sort=amount&order=asc'));
    expect(await screen.findByText('Found 1')).toBeInTheDocument();

    // A new search starts again at page 1.
    await user.click(screen.getByRole('listitem', { name: 'Next Page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=found&sort=amount&order=asc&page=2&after=50'));
    await chooseOption(user, 'Bank Account', CHEQUING.name);
    await waitFor(() => expect(last()).toEqual({ q: 'found', sort: 'amount', order: 'asc', bank_account_id: String(CHEQUING.id) }));
  });

  it('reads a bookmarked page number without cursors by its number, and offers the first page when a cursor is gone', async () => {
    const server = searchServer(Array.from({ length: 50 }, (_, index) => result(index + 1)), 120);
    renderFind('/transactions/find?q=found&page=3');
    await screen.findByText('Found 1');
    expect(server.last()).toEqual({ q: 'found', page: '3' });

    mockFetch(household({ 'GET /transactions/search': () => refusal(404, [SEARCH_CURSOR_NOT_FOUND]) }));
    const user = setupUser();
    const { router } = renderFind('/transactions/find?q=gone&page=2&after=77');
    expect(await screen.findByRole('alert')).toHaveTextContent(`The search failed. ${SEARCH_CURSOR_NOT_FOUND}`);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=gone'));
  });

  it("links each result to its account's window in its budget", async () => {
    searchServer([result(4, { bank_account_id: 2, budget_id: 6 })]);
    const user = setupUser();
    const { router } = renderFind();
    await user.click(await screen.findByRole('link', { name: 'Found 4' }));
    expect(await screen.findByText('Transactions window')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?bank_account_id=2&budget_id=6');
  });

  it("shows the server's refusal of a search", async () => {
    mockFetch(household({ 'GET /transactions/search': () => refusal(422, ['q is too long']) }));
    renderFind('/transactions/find?q=x');
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failed. q is too long');
    expect(within(document.body).queryByText(/transactions found/)).not.toBeInTheDocument();
  });
});
