import { appendFileSync } from 'node:fs';
import type { ErrorBody } from '../../../src/shared/schemas/common';
import type { DraftRow } from '../../../src/features/transactions/draftRows';
import { type Answer, type Household, storedRows, storedState } from './household';
import { copyLedger, type Ledger, type LedgerRow } from './ledger';
import { rowKey } from './model';

/** What a command expects of the app: accepted, or refused with the model's reason. */
export type Expectation = { refuse: false } | { refuse: true; why: string };

export const accept: Expectation = { refuse: false };
export const refuse = (why: string): Expectation => ({ refuse: true, why });

const errorsOf = (answer: Answer) => JSON.stringify((answer.body as ErrorBody | undefined)?.errors ?? answer.body);

/**
 * Sends a write and holds the answer to the model's expectation: a refusal the model expects must be a 422 or
 * 409 that changed nothing; an accepted write must answer 2xx. Returns whether the app accepted it.
 */
export async function settle<T>(house: Household, label: string, expectation: Expectation, write: () => Promise<Answer<T>>, lenient = false): Promise<Answer<T> | null> {
  const before = expectation.refuse || lenient ? await storedState(house) : null;
  const answer = await write();
  if (process.env.EVERYCENT_MODEL_TRACE) appendFileSync(process.env.EVERYCENT_MODEL_TRACE, `  ${label}: ${answer.status}${answer.status >= 300 ? ` ${errorsOf(answer)}` : ''}\n`);
  const refused = answer.status === 422 || answer.status === 409;
  if (answer.status >= 200 && answer.status < 300) {
    if (expectation.refuse) throw new Error(`${label} answered ${answer.status}, but the ledger says it must be refused: ${expectation.why}`);
    return answer;
  }
  if (!refused) throw new Error(`${label} answered ${answer.status}: ${errorsOf(answer)}`);
  if (!expectation.refuse && !lenient) throw new Error(`${label} was refused (${answer.status} ${errorsOf(answer)}), but the ledger accepts it`);
  const after = await storedState(house);
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`${label} was refused (${answer.status}) but changed stored data`);
  return null;
}

export type RowSpec = Omit<LedgerRow, 'id'>;

const specKey = (row: RowSpec) => rowKey({ ...row, id: 0 });

/**
 * The ledger after a write: `ledger` plus the rows the app stored that the model did not know, each matched to
 * one row the write was expected to add (all of them, no other).
 */
export async function adoptNewRows(house: Household, ledger: Ledger, expected: RowSpec[], label: string): Promise<Ledger> {
  const stored = await storedRows(house);
  const next = copyLedger(ledger);
  const waiting = expected.map(specKey);
  for (const row of stored.values()) {
    if (ledger.rows.has(row.id)) continue;
    const index = waiting.indexOf(specKey(row));
    if (index < 0) throw new Error(`${label} stored a row the ledger did not expect: ${rowKey(row)}; expected ${waiting.join(' ') || 'none'}`);
    waiting.splice(index, 1);
    next.rows.set(row.id, row);
  }
  if (waiting.length > 0) throw new Error(`${label} did not store ${waiting.join(' ')}`);
  return next;
}

/**
 * The ledger after a write whose rows the app decides (adjustments, closes, reopens): every stored difference is
 * taken, once `allowed` accepts it (before or after absent for an added or deleted row).
 */
export async function adoptChangedRows(
  house: Household,
  ledger: Ledger,
  label: string,
  allowed: (before: LedgerRow | undefined, after: LedgerRow | undefined) => boolean,
): Promise<Ledger> {
  const stored = await storedRows(house);
  const next = copyLedger(ledger);
  for (const id of new Set([...stored.keys(), ...ledger.rows.keys()])) {
    const before = ledger.rows.get(id);
    const after = stored.get(id);
    if (before && after && rowKey(before) === rowKey(after)) continue;
    if (!allowed(before, after)) throw new Error(`${label} may not change row ${id}: ${before ? rowKey(before) : 'absent'} became ${after ? rowKey(after) : 'absent'}`);
    if (after) next.rows.set(id, after);
    else next.rows.delete(id);
  }
  return next;
}

/** The ledger row a kept window row (as the screen holds it) becomes. */
export const ledgerRowOf = (accountId: number, row: DraftRow): LedgerRow => ({
  id: row.id!,
  accountId,
  date: row.transaction_date,
  description: row.description,
  withdrawal: row.withdrawal_amount,
  deposit: row.deposit_amount,
  allocationId: row.allocation_id,
  envelopeId: row.sink_fund_allocation_id,
  carried: row.brought_forward_status,
  manual: row.is_manual_adjustment,
  ...(row.splits?.length
    ? { parts: row.splits.map((part) => ({ amount: part.amount, allocationId: part.allocation_id, envelopeId: part.sink_fund_allocation_id })) }
    : {}),
  paid: row.status === 'paid',
});
