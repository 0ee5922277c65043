import { addDays, type DateOnly, isWithin } from '../../src/shared/dates';
import type { NewTransaction } from '../db/schema';
import { daysBetween, type Ledger } from './history';
import type { Random } from './random';

const FILLER_MERCHANTS = ['Corner Shop', 'Vending machine', 'Farmers Market', 'Newsagent', 'Bakery'];

interface WindowFit {
  accountId: number;
  start: DateOnly;
  end: DateOnly;
  today: DateOnly;
  random: Random;
  fillerAllocationIds: number[];
}

/** Makes the primary account's current window hold exactly `target` rows: small everyday purchases, or fewer rows. */
export function fitPrimaryWindow({ rows, add }: Ledger, target: number, fit: WindowFit) {
  const inWindow = (row: NewTransaction) => row.bank_account_id === fit.accountId && isWithin(row.transaction_date, fit.start, fit.end);
  let count = rows.filter(inWindow).length;
  const lastDay = fit.today < fit.start ? fit.start : fit.today > fit.end ? fit.end : fit.today;
  const span = daysBetween(fit.start, lastDay);
  while (count < target) {
    add({
      bank_account_id: fit.accountId,
      transaction_date: addDays(fit.start, fit.random.int(0, span)),
      description: fit.random.pick(FILLER_MERCHANTS),
      withdrawal_amount: fit.random.int(150, 2500),
      allocation_id: fit.fillerAllocationIds.length ? fit.random.pick(fit.fillerAllocationIds) : null,
    });
    count += 1;
  }
  // Too many: drop the rows generated last (each month's salaries were generated first, so they stay).
  for (let i = rows.length - 1; i >= 0 && count > target; i -= 1) {
    if (inWindow(rows[i])) {
      rows.splice(i, 1);
      count -= 1;
    }
  }
}
