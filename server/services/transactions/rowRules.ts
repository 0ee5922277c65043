import { formatMoney, MAX_CENTS } from '../../../src/shared/money';
import { openingDateProblem } from '../../../src/shared/openingBalance';
import type { TransactionRow } from '../../../src/shared/schemas/transactions';
import { negativeAmountFields, windowDateProblem } from '../../../src/shared/transactionRules';
import { chunked } from '../../db/chunks';
import type { HouseholdScope } from '../../db/scope';
import type { BankAccount, Budget, SinkFundAllocation, Transaction } from '../../db/schema';
import { Refusals } from '../refusals';
import type { TransactionValues } from './transactionColumns';

/**
 * How a refusal names its row: `numbered` for a list the client sent ("Row 3 (Rent, 2026-03-01): …", field
 * `transactions.2.…`), `single` for a body that is one row (a quick add: the body's own fields), `named` for rows
 * the server makes itself (a transfer, a close: "Balance B/F Adj Entry, 2026-04-01: …").
 */
type Naming = 'numbered' | 'single' | 'named';

/** Every refusal names its row and its field, so one 422 lists them all. */
export class RowProblems extends Refusals {
  constructor(private readonly naming: Naming = 'numbered') {
    super();
  }

  addFor(index: number, row: RowLabel, field: string, problem: string) {
    if (this.naming === 'single') return this.add(problem.charAt(0).toUpperCase() + problem.slice(1), field);
    const what = [row.description?.trim(), row.transaction_date].filter(Boolean).join(', ');
    if (this.naming === 'named') return this.add(`${what}: ${problem}`);
    this.add(`Row ${index + 1} (${what}): ${problem}`, `transactions.${index}.${field}`);
  }
}

type RowLabel = Pick<TransactionRow, 'description' | 'transaction_date'>;

/** One transaction row about to be written, by any route: a window save, a quick add, a transfer, a close... */
export interface RowToCheck {
  index: number;
  account: Pick<BankAccount, 'id' | 'status' | 'name' | 'opening_date'>;
  /** The budget whose period the row belongs to (a window's, or the one holding the date); none for a balance adjustment before any budget. */
  budget: Budget | null;
  stored: Transaction | null;
  values: TransactionValues;
  /** How the row is named in a refusal: what was sent, or the row itself. */
  label: RowLabel;
  /** The server computed the row (a close's balancing row may be negative); a sent row never is. */
  computed: boolean;
}

/** Where a bank reference is already used in the account, by a row not among those checked (its date), if anywhere. */
type TakenRef = (accountId: number, ref: string) => string | undefined;

const AMOUNT_NAME = { withdrawal_amount: 'withdrawal', deposit_amount: 'deposit' } as const;

const beyondLimitProblem = (field: keyof typeof AMOUNT_NAME, amount: number) =>
  `${AMOUNT_NAME[field]} amount ${formatMoney(amount)} is beyond the limit of ${formatMoney(MAX_CENTS)} for one amount`;

const distinct = (ids: Iterable<number | null>) => [...new Set([...ids].filter((id): id is number => id !== null))];

/** The budget of each allocation among `ids` (this household's only). */
async function allocationBudgets(scope: HouseholdScope, ids: Iterable<number | null>): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const part of chunked(distinct(ids))) {
    const rows = await scope.selectFrom('allocations').select(['id', 'budget_id']).where('id', 'in', part).execute();
    for (const row of rows) found.set(row.id, row.budget_id);
  }
  return found;
}

/** The account and status of each envelope among `ids` (this household's only). */
async function envelopesByIds(scope: HouseholdScope, ids: Iterable<number | null>): Promise<Map<number, Pick<SinkFundAllocation, 'bank_account_id' | 'status'>>> {
  const found = new Map<number, Pick<SinkFundAllocation, 'bank_account_id' | 'status'>>();
  for (const part of chunked(distinct(ids))) {
    const rows = await scope.selectFrom('sink_fund_allocations').select(['id', 'bank_account_id', 'status']).where('id', 'in', part).execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/**
 * The one rule set every transaction row passes before it is written, whatever the route: its date in its
 * budget's period and that budget open, no negative amounts (except a close's balancing row), no amount beyond
 * ±MAX_CENTS, dated after the account's opening date, an allocation of that budget or an envelope of that account (not both), no money into a closed
 * envelope, no new row in a closed account, a bank reference used once per account. A reference that is not
 * changed stands (a carried-forward copy keeps the allocation of the budget it came from). Problems are added,
 * not thrown.
 */
export async function checkRows(scope: HouseholdScope, rows: RowToCheck[], problems: RowProblems, takenRef: TakenRef): Promise<void> {
  const allocations = await allocationBudgets(scope, rows.map((r) => r.values.allocation_id));
  const envelopes = await envelopesByIds(scope, rows.map((r) => r.values.sink_fund_allocation_id));
  const refsInList = new Map<string, number>();

  for (const { index, account, budget, stored, values, label, computed } of rows) {
    const problem = (field: string, text: string) => problems.addFor(index, label, field, text);
    if (budget && windowDateProblem(values.transaction_date, budget) !== null) problem('transaction_date', 'date is outside the budget period');
    else if (budget?.status === 'closed') problem('transaction_date', 'the budget of this date is closed: reopen it to make changes');
    // A close's own rows (carried-forward copies, their balancing row) book charges that already exist: they keep
    // their original's allocation and go into the card even once it is closed.
    const carried = computed && values.brought_forward_status !== null;
    if (!stored && account.status === 'closed' && !carried) problem('bank_account_id', 'the bank account is closed');
    // A stored row keeping its date stands; a new or moved one must count in the balance (after the opening date).
    const beforeOpening = values.transaction_date === stored?.transaction_date ? null : openingDateProblem(values.transaction_date, account);
    if (beforeOpening !== null) problem('transaction_date', beforeOpening);

    // Negative amounts belong to a close's balancing row only: the stored one, or one the server computes.
    const balancing = stored?.brought_forward_status ?? (computed ? values.brought_forward_status : null);
    for (const field of negativeAmountFields({ ...values, brought_forward_status: balancing })) {
      problem(field, `${AMOUNT_NAME[field]} amount must not be negative`);
    }
    for (const field of ['withdrawal_amount', 'deposit_amount'] as const) {
      if (Math.abs(values[field]) > MAX_CENTS) problem(field, beyondLimitProblem(field, values[field]));
    }

    if (values.allocation_id !== null && values.sink_fund_allocation_id !== null) {
      problem('allocation_id', 'can have an allocation or a sink fund allocation, not both');
    }
    const allocationChanged = values.allocation_id !== null && values.allocation_id !== stored?.allocation_id && !carried;
    if (allocationChanged && allocations.get(values.allocation_id!) !== budget?.id) {
      problem('allocation_id', 'the allocation is not part of this budget');
    }
    const envelopeId = values.sink_fund_allocation_id;
    const envelope = envelopeId === null ? undefined : envelopes.get(envelopeId);
    const envelopeChanged = envelopeId !== null && envelopeId !== stored?.sink_fund_allocation_id;
    if (envelopeChanged && envelope?.bank_account_id !== account.id) {
      problem('sink_fund_allocation_id', 'the sink fund allocation does not belong to this account');
    } else if (envelope?.status === 'closed' && values.deposit_amount > 0 && (envelopeChanged || values.deposit_amount > (stored?.deposit_amount ?? 0))) {
      // Money may leave a closed envelope (to empty it), never arrive in one.
      problem('sink_fund_allocation_id', 'the sink fund allocation is closed: reopen it to put money into it');
    }

    const refKey = `${account.id}:${values.bank_ref}`;
    const sameRef = refsInList.get(refKey);
    if (sameRef !== undefined) {
      problem('bank_ref', `bank reference '${values.bank_ref}' is already used by row ${sameRef + 1}`);
    } else {
      refsInList.set(refKey, index);
      const takenOn = takenRef(account.id, values.bank_ref);
      if (takenOn !== undefined) problem('bank_ref', `bank reference '${values.bank_ref}' already exists in this account (${takenOn})`);
    }
  }
}
