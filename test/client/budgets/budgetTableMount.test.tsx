import { render, screen } from '@testing-library/react';
import { BudgetTable, plainTable } from '../../../src/features/budgets/budgetTable';

/**
 * Issue 48: the budget tables mount without measuring the scrollbar (rc-table appends a measuring element with a
 * style of its own and reads its size, which forces a style and layout pass of the page before the first paint).
 */
describe("the budget detail's tables on mounting", () => {
  const measuring = () => {
    const appended: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element && node.id) appended.push(node.id);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return { appended, stop: () => observer.disconnect() };
  };
  const table = (props: object) => (
    <BudgetTable<{ name: string }> {...props} rowKey="name" columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]} dataSource={[{ name: 'Groceries' }]} />
  );

  it("do not measure the scrollbar, which they never use", async () => {
    const watch = measuring();
    render(table(plainTable));
    expect(await screen.findByText('Groceries')).toBeTruthy();
    await Promise.resolve();
    watch.stop();
    expect(watch.appended.filter((id) => id.startsWith('rc-scrollbar-measure'))).toEqual([]);
  });

  it('(the same table without `tailor` measures it: what the first test would no longer see if rc-table renamed it)', async () => {
    // jsdom cannot compute the scrollbar pseudo-element's style the measure reads, and says so.
    const jsdomSays = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const watch = measuring();
    const { tailor: _tailor, ...untailored } = plainTable;
    render(table(untailored));
    expect(await screen.findByText('Groceries')).toBeTruthy();
    await Promise.resolve();
    watch.stop();
    jsdomSays.mockRestore();
    expect(watch.appended.some((id) => id.startsWith('rc-scrollbar-measure'))).toBe(true);
  });
});
