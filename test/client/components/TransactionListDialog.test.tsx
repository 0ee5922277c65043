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

  it('lists each part of a split row in this allocation as its own entry, with its memo and amount (issue 44)', async () => {
    const part = (id: number, amount: number, memo: string) => ({ ...row(7, 'Supermarket', amount), splits: [{ id, amount, allocation_id: 3, sink_fund_allocation_id: null, memo }] }) as Transaction;
    render(<TransactionListDialog title="Transactions for Gifts" transactions={[part(1, -2500, 'card'), part(2, -1000, 'wrapping')]} loading={false} figure="spent" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Transactions for Gifts' });
    expect(rowWith(dialog, '(part of a split: card)')).toHaveTextContent('Supermarket (part of a split: card)25.00');
    expect(rowWith(dialog, '(part of a split: wrapping)')).toHaveTextContent('10.00');
    expect(rowWith(dialog, 'Total')).toHaveTextContent('35.00');
  });
});
