import fc from 'fast-check';
import { rowsOfRefusal } from '../../../src/platform/editing/fieldErrors';
import { draftRowIdentity, type DraftRow } from '../../../src/features/transactions/draftRows';
import { countedCents, MAX_CENTS, parseMoney } from '../../../src/shared/money';
import { rebaseList } from '../../../src/platform/rebaseRows';

const row = (key: string, id: number | null, description: string, deleted = false): DraftRow => ({
  key,
  id,
  transaction_date: '2026-03-02',
  description,
  withdrawal_amount: 100,
  deposit_amount: 0,
  allocation_id: null,
  sink_fund_allocation_id: null,
  status: 'paid',
  brought_forward_status: null,
  bank_ref: null,
  is_manual_adjustment: false,
  deleted,
});

describe('the edit kit: one mapper from field_errors to rows', () => {
  it('places dotted and bracketed paths on their rows by key, with the fields, and keeps what the server said per row', () => {
    const refusal = rowsOfRefusal(
      { messages: ['Name can\'t be blank', 'Row 2 (Rent): withdrawal amount must not be negative', 'The window changed'], fieldErrors: { 'transactions.1.withdrawal_amount': ['Row 2 (Rent): withdrawal amount must not be negative'], 'transactions[0].description': ["Name can't be blank"] } },
      { transactions: { keys: ['t5', 'n1'], names: ['', 'Rent'], unnamed: 'New transaction' } },
    );
    expect(refusal.rows.transactions).toEqual(new Map([['n1', ['withdrawal_amount']], ['t5', ['description']]]));
    expect(refusal.said.transactions.get('n1')).toEqual(['Row 2 (Rent): withdrawal amount must not be negative']);
    expect(refusal.reasons).toEqual(['Rent: Row 2 (Rent): withdrawal amount must not be negative.', "New transaction: Name can't be blank.", 'The window changed.']);
  });

  it('ignores a path that names no list it was given or a row beyond the save', () => {
    const refusal = rowsOfRefusal({ messages: [], fieldErrors: { 'incomes.9.name': ['x'], 'lock_version': ['y'] } }, { incomes: { keys: [1], names: ['Salary'], unnamed: 'New income' } });
    expect(refusal.rows.incomes.size).toBe(0);
  });
});

describe('the edit kit: one rebase after a conflict', () => {
  const base = [row('t1', 1, 'Rent'), row('t2', 2, 'Food'), row('t3', 3, 'Gas')];

  it('keeps the rows the person changed, added or deleted on top of the latest, and takes the rest from the server', () => {
    const mine = [row('t1', 1, 'Rent (mine)'), base[1], row('t3', 3, 'Gas', true), row('n9', null, 'Added')];
    const theirs = [row('t1', 1, 'Rent'), row('t2', 2, 'Food (theirs)'), row('t3', 3, 'Gas'), row('t4', 4, 'New of theirs')];
    const rebased = rebaseList(mine, base, theirs, draftRowIdentity, (kept) => kept);
    expect(rebased.map((line) => [line.key, line.description, line.deleted])).toEqual([
      ['t1', 'Rent (mine)', false],
      ['t2', 'Food (theirs)', false],
      ['t3', 'Gas', true],
      ['t4', 'New of theirs', false],
      ['n9', 'Added', false],
    ]);
  });

  it('brings back, as a new row, a row the person changed that someone else deleted', () => {
    const rebased = rebaseList([row('t1', 1, 'Rent (mine)')], [row('t1', 1, 'Rent')], [], draftRowIdentity, (kept) => kept);
    expect(rebased).toHaveLength(1);
    expect(rebased[0]).toMatchObject({ id: null, description: 'Rent (mine)' });
    expect(rebased[0].key).not.toBe('t1');
  });

  it('loses no edit: every changed row of the person is in the result, whatever the server did', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 12 }), fc.array(fc.boolean(), { maxLength: 12 }), (changedByMe, keptByServer) => {
        const start = changedByMe.map((_, i) => row(`t${i}`, i, `row ${i}`));
        const mine = start.map((line, i) => (changedByMe[i] ? { ...line, description: `${line.description} (mine)` } : line));
        const theirs = start.filter((_, i) => keptByServer[i] ?? true);
        const rebased = rebaseList(mine, start, theirs, draftRowIdentity, (kept) => kept);
        return mine.filter((_, i) => changedByMe[i]).every((line) => rebased.some((kept) => kept.description === line.description));
      }),
    );
  });
});

describe('limits as you type', () => {
  it('an amount over the limit is not counted (NaN), so no total shows it capped; any amount within it counts as itself', () => {
    expect(Number.isNaN(countedCents(parseMoney('999,999,999,999')))).toBe(true);
    fc.assert(fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => countedCents(cents) === cents));
  });
});
