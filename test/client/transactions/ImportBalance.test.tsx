import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { findDialog } from '../../support/dialogs';
import { household, renderTransactions } from './renderTransactions';

async function readPasted(text: string) {
  mockFetch(household());
  const user = setupUser();
  renderTransactions();
  await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
  await user.click(screen.getByRole('button', { name: 'Import Transactions' }));
  const dialog = await findDialog('Import Transactions');
  fireEvent.change(within(dialog).getByLabelText('Pasted text'), { target: { value: text } });
  await user.click(within(dialog).getByRole('button', { name: 'Read Text' }));
  return { user, dialog };
}

describe("Import Transactions: the file's own balance", () => {
  it('shows the balance beside the rows it confirms', async () => {
    const { dialog } = await readPasted('Date,Description,Amount,Balance\n03/19/2026,Pharmacy,-12.00,3433.90\n03/05/2026,Salary,2500.00,3445.90\n03/02/2026,Grocer,-54.10,945.90\n');
    expect(within(dialog).getByLabelText("The file's own balance").textContent).toBe('The file\u2019s own balance ("Balance"): 3,433.90 on Mar 19, 2026, 945.90 on Mar 02, 2026; these amounts explain each of its 2 steps.');
    expect(within(dialog).getByLabelText('Balance column')).toHaveValue('3');
    expect(within(dialog).getByRole('button', { name: 'Add 3 Rows' })).toBeEnabled();
  });

  it('adds nothing from a reading the balance contradicts, says where, and adds the rows once the person chooses no balance column', async () => {
    // Lines were cut out of this file: no reading of its amounts explains the jump of its balance.
    const { dialog } = await readPasted('Date,Description,Amount,Balance\n03/02/2026,Grocer,-54.10,945.90\n03/05/2026,Salary,2500.00,3445.90\n03/19/2026,Pharmacy,-12.00,9999.00\n');
    expect(within(dialog).getByText("The file's own balance disagrees with these rows, so none will be added")).toBeInTheDocument();
    expect(within(dialog).getByText(/Line 4: the balance goes from 3,445\.90 to 9,999\.00, which the amounts read do not explain/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Totals').textContent).toMatch(/^0 rows/);
    expect(within(dialog).getByRole('button', { name: 'Add 0 Rows' })).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('Balance column'), { target: { value: '' } });
    expect(within(dialog).queryByText("The file's own balance disagrees with these rows, so none will be added")).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Totals').textContent).toBe('3 rows · deposits 2,500.00 · withdrawals 66.10 · Mar 02, 2026 to Mar 19, 2026');
    expect(within(dialog).getByRole('button', { name: 'Add 3 Rows' })).toBeEnabled();
  });

  it('shows each reading the balance confirms side by side, with its totals and the balance', async () => {
    const { user, dialog } = await readPasted('Date,Description,Amount,Betrag,Balance\n2026-03-02,A,-1.00,-1.00,100.00\n2026-03-03,B,-10.00,-20.00,\n2026-03-04,C,-25.00,-15.00,65.00\n2026-03-05,D,-1.00,-1.00,64.00\n');
    const question = within(dialog).getByRole('group', { name: /explains the file.s own balance/ });
    expect(within(question).getByLabelText('Totals: "Amount"').textContent).toMatch(/withdrawals 37\.00/);
    expect(within(question).getByLabelText('Balance: "Betrag"').textContent).toMatch(/these amounts explain each of its 2 steps/);
    await user.click(within(question).getByRole('button', { name: 'Use: "Betrag"' }));
    expect(within(dialog).getByLabelText('Amount column')).toHaveValue('3');
    expect(within(dialog).getByRole('button', { name: 'Add 4 Rows' })).toBeEnabled();
  });
});
