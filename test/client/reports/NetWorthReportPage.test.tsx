import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { chooseOption, openOptionList } from '../../support/pickers';
import { blobText, BUDGETS, NET_WORTH, renderReport, tableRows } from './renderReports';


describe('Net Worth Report', () => {
  it('shows the last budgets in a table whose periods open their budgets, and the same periods on a line chart', async () => {
    const network = mockFetch({ 'GET /budgets': BUDGETS, 'GET /reports/net_worth': { data: NET_WORTH, fields: ['period', 'net_change', 'net_worth'] } });
    const { container, router } = renderReport('/reports/net-worth');
    await screen.findByRole('region', { name: 'Net worth by period' });
    expect(network.find('GET', '/reports/net_worth')[0].search).toBe('');
    expect(tableRows(container)).toEqual([
      ['Feb 2026', '1,500.00', '12,345.67'],
      ['Mar 2026', '-200.50', '12,145.17'],
      ['Apr 2026', '0.00', '12,145.17'],
    ]);
    // A loss reads bold dark red, as everywhere else.
    expect(screen.getByText('-200.50')).toHaveClass('ec-money--negative');
    // The chart: one point per period on each line, the periods along the axis.
    const chart = container.querySelector('.ec-report-chart') as HTMLElement;
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line-dots circle')).toHaveLength(3));
    expect(chart.querySelectorAll('.recharts-line-dots rect')).toHaveLength(3);
    expect(within(chart).getByText('Feb 2026')).toBeInTheDocument();
    // The pickers show the periods on screen.
    expect(screen.getByRole('combobox', { name: 'From' }).closest('.ant-select')).toHaveTextContent('Feb 2026');
    expect(screen.getByRole('combobox', { name: 'To' }).closest('.ant-select')).toHaveTextContent('Apr 2026');

    await setupUser().click(screen.getByRole('link', { name: 'Mar 2026' }));
    expect(router.state.location.pathname).toBe('/budgets/13');
  });

  it('asks for the periods chosen and keeps them in the URL', async () => {
    const network = mockFetch({ 'GET /budgets': BUDGETS, 'GET /reports/net_worth': { data: NET_WORTH, fields: [] } });
    const user = setupUser();
    const { router } = renderReport('/reports/net-worth');
    await screen.findByRole('region', { name: 'Net worth by period' });

    await chooseOption(user, 'From', 'Jan 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01&to=2026-04'));
    await waitFor(() => expect(network.find('GET', '/reports/net_worth').at(-1)?.search).toBe('?from=2026-01&to=2026-04'));

    await chooseOption(user, 'To', 'Mar 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01&to=2026-03'));
    await waitFor(() => expect(network.find('GET', '/reports/net_worth').at(-1)?.search).toBe('?from=2026-01&to=2026-03'));

    // A period after "To" cannot be a "From".
    const from = screen.getByRole('combobox', { name: 'From' });
    await user.click(from);
    const openList = await openOptionList(from);
    expect(within(openList).getByTitle('Apr 2026')).toHaveClass('ant-select-item-option-disabled');
    expect(within(openList).getByTitle('Mar 2026')).not.toHaveClass('ant-select-item-option-disabled');

    await user.click(screen.getByRole('button', { name: 'Last 12 Budgets' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('downloads the CSV with the session headers and saves it under the name the server gave', async () => {
    mockFetch({ 'GET /budgets': BUDGETS, 'GET /reports/net_worth': { data: NET_WORTH, fields: [] } });
    const json = global.fetch;
    const csvRequests: Request[] = [];
    global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (!request.url.includes('format=csv')) return json(input, init);
      csvRequests.push(request);
      return new Response('\uFEFFPeriod,Net Change,Net Worth\r\n2026-02,1500.00,12345.67\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="net-worth-2026-02-to-2026-02.csv"' },
      });
    }) as typeof fetch;
    const saved: Array<{ blob: Blob; name: string }> = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blobs.at(-1)!, name: this.download });
    });
    try {
      renderReport('/reports/net-worth?from=2026-02&to=2026-02');
      await screen.findByRole('region', { name: 'Net worth by period' });
      await setupUser().click(screen.getByRole('button', { name: /Download CSV/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const [request] = csvRequests;
      expect(new URL(request.url).search).toBe('?from=2026-02&to=2026-02&format=csv');
      expect(request.headers.get('accept')).toBe('text/csv');
      expect(request.headers.get('access-token')).toBe('token-1');
      expect(request.headers.get('client')).toBe('client-1');
      expect(saved[0].name).toBe('net-worth-2026-02-to-2026-02.csv');
      expect(saved[0].blob.type).toBe('text/csv;charset=utf-8');
      // The byte-order mark that reading the response as text removed is put back, once.
      expect(await blobText(saved[0].blob)).toBe('\uFEFFPeriod,Net Change,Net Worth\r\n2026-02,1500.00,12345.67\r\n');
    } finally {
      click.mockRestore();
    }
  });

  it("shows the server's reason when a download fails", async () => {
    mockFetch({
      'GET /budgets': BUDGETS,
      'GET /reports/net_worth': (request: { search: string }) =>
        request.search.includes('format=csv') ? refusal(422, ['from must not be after to']) : { body: { data: NET_WORTH, fields: [] } },
    });
    const { store } = renderReport('/reports/net-worth');
    await screen.findByRole('region', { name: 'Net worth by period' });
    await setupUser().click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Report not downloaded. from must not be after to'));
  });

  it('offers Retry when the report does not load, and says so when there are no budgets in the periods', async () => {
    let fail = true;
    mockFetch({
      'GET /budgets': BUDGETS,
      'GET /reports/net_worth': () => (fail ? refusal(422, ['from must be a period (YYYY-MM) or a date (YYYY-MM-DD)']) : { body: { data: [], fields: [] } }),
    });
    renderReport('/reports/net-worth?from=2026-1');
    expect(await screen.findByText('from must be a period (YYYY-MM) or a date (YYYY-MM-DD)')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No budgets in these periods/)).toBeInTheDocument();
  });

  it('pages a long history two years at a time, opening on the newest periods', async () => {
    // Thirty periods, Jan 2024 to Jun 2026: the last page holds the newest six.
    const history = Array.from({ length: 30 }, (_, i) => {
      const month = new Date(Date.UTC(2024, i, 1)).toISOString().slice(0, 7);
      return { budget_id: 100 + i, period: month, net_change: 100, net_worth: 10_000 + 100 * i };
    });
    mockFetch({ 'GET /budgets': BUDGETS, 'GET /reports/net_worth': { data: history, fields: [] } });
    const { container } = renderReport('/reports/net-worth?from=2024-01');
    await screen.findByRole('region', { name: 'Net worth by period' });
    await waitFor(() => expect(tableRows(container)).toHaveLength(6));
    expect(tableRows(container).map((row) => row[0])).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026']);
    await setupUser().click(within(screen.getByRole('region', { name: 'Net worth by period' })).getByTitle('1'));
    expect(tableRows(container)).toHaveLength(24);
    expect(tableRows(container)[0][0]).toBe('Jan 2024');
  });
});
