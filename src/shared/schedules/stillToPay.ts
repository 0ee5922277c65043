import { type Cents, sumCents } from '../money';

interface UpcomingAmount {
  bank_account_id: number;
  amount: Cents;
}

export interface StillToPayRow {
  bank_account_id: number;
  name: string;
  /** Σ of the account's occurrences still to come (signed: bills are negative). */
  total: Cents;
  current_balance: Cents;
  /** The current balance once every one of them is entered. */
  balance_after: Cents;
}

/**
 * "Still to pay this month": per account with occurrences to come, their total and the balance after them,
 * in the order of `accounts`. Upcoming occurrences never count in a balance until entered: this is the only
 * figure that adds them.
 */
export function stillToPay(upcoming: readonly UpcomingAmount[], accounts: ReadonlyArray<{ id: number; name: string; current_balance?: Cents }>): StillToPayRow[] {
  return accounts.flatMap((account) => {
    const amounts = upcoming.filter((u) => u.bank_account_id === account.id).map((u) => u.amount);
    if (amounts.length === 0) return [];
    const total = sumCents(amounts);
    const current = account.current_balance ?? 0;
    return [{ bank_account_id: account.id, name: account.name, total, current_balance: current, balance_after: current + total }];
  });
}
