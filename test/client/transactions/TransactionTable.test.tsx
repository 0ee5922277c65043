import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { TransactionTable } from '../../../src/features/transactions/TransactionTable';
import type { DraftRow } from '../../../src/features/transactions/draftRows';
import { renderWithProviders } from '../../support/render';
import { setupUser } from '../../support/user';
import { draftRow } from './builders';

jest.setTimeout(30_000);

const WINDOW = { start_date: '2026-03-01', end_date: '2026-03-31' };
const OPTIONS = [{ label: 'Food', options: [{ value: 11, label: 'Groceries' }] }];
const NO_SELECTION: ReadonlySet<string> = new Set();
const NO_ERRORS: ReadonlyMap<string, string[]> = new Map();

/** Two pages of one row each, as the window's paging hands them to the table. */
function TwoPages({ pages }: { pages: DraftRow[][] }) {
  const [page, setPage] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setPage(1)}>
        Next page
      </button>
      <TransactionTable
        rows={pages[page]}
        editing
        isSinkFund={false}
        isCreditCard={false}
        options={OPTIONS}
        window={WINDOW}
        selected={NO_SELECTION}
        onSelect={() => undefined}
        rowErrors={NO_ERRORS}
        totals={{ withdrawn: 0, deposited: 0, movesLeftOut: 0 }}
      />
    </>
  );
}

describe('TransactionTable, turning the page', () => {
  it("shows the next page's rows in the same places, without anything a row kept of its own", async () => {
    const user = setupUser();
    const first = draftRow({ description: 'Bakery', withdrawal_amount: 450 });
    const second = draftRow({ description: 'Landlord', withdrawal_amount: 150000, allocation_id: 11, status: 'unpaid' });
    renderWithProviders(<TwoPages pages={[[first], [second]]} />);

    const bakery = screen.getByLabelText('Withdrawn: Bakery');
    await user.click(bakery);
    await user.keyboard('12o');
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent('“12o” is not an amount: counted as 0.00');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const row = screen.getByDisplayValue('Landlord').closest('tr') as HTMLElement;
    expect(within(row).getByLabelText('Withdrawn: Landlord')).toHaveValue('1500.00');
    expect(within(row).getByLabelText('Withdrawn: Landlord')).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(row).getByLabelText('Paid?')).not.toBeChecked();
    expect(row).toHaveClass('ec-row--unpaid');
    expect(within(row).getByRole('button', { name: 'Delete Landlord' })).toBeInTheDocument();
    expect(within(row).getByText('Groceries')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Bakery')).not.toBeInTheDocument();
  });
});
