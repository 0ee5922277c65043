import { render, screen, within } from '@testing-library/react';
import { TransactionListDialog } from '../../../src/components/TransactionListDialog';
import type { Transaction } from '../../../src/shared/schemas/transactions';

const row = (id: number, description: string, net_amount: number) => ({ id, transaction_date: '2026-01-03', description, net_amount }) as Transaction;

const rowWith = (dialog: HTMLElement, text: string) => within(dialog).getByText(text).closest('tr') as HTMLElement;

describe('the transactions behind a figure', () => {
  it('shows a refund in a Spent list as a refund, not in the dark red of money owed', async () => {
    render(<TransactionListDialog title="Transactions for Groceries" transactions={[row(1, 'Market', -3000), row(2, 'Returned kettle', 1500)]} loading={false} figure="spent" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Transactions for Groceries' });
    const refund = rowWith(dialog, 'Returned kettle');
    expect(refund).toHaveTextContent('Refund -15.00');
    expect(refund.querySelector('.ec-money--negative')).toBeNull();
    expect(rowWith(dialog, 'Market')).toHaveTextContent('30.00');
    expect(rowWith(dialog, 'Total')).toHaveTextContent('15.00');
    expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Description', 'Spent']);
  });

  it("keeps an envelope's withdrawal negative: in a balance list it is money out, not a refund", async () => {
    render(<TransactionListDialog title="Transactions for Car" transactions={[row(1, 'Tyres', -15000)]} loading={false} figure="balance" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Transactions for Car' });
    expect(rowWith(dialog, 'Tyres')).not.toHaveTextContent('Refund');
    expect(rowWith(dialog, 'Tyres').querySelector('.ec-money--negative')).toHaveTextContent('-150.00');
    expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Description', 'Amount']);
  });
});
