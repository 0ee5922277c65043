import { ALLOCATION_TRANSFER_DESCRIPTION } from '../../shared/schemas/sinkFunds';
import type { DraftRow } from './draftRows';

export const UNASSIGNED_MONEY = 'Unassigned Money';

type MoveRow = Pick<DraftRow, 'key' | 'id' | 'transaction_date' | 'description' | 'withdrawal_amount' | 'deposit_amount' | 'sink_fund_allocation_id'>;

export interface EnvelopeMove {
  /** "Moved from Car to Trip", shown on both rows of the move. */
  text: string;
  /** Which half of the move the row is. */
  part: 'from' | 'to';
}

const isMoveRow = (row: MoveRow) => row.id !== null && row.description === ALLOCATION_TRANSFER_DESCRIPTION;

/**
 * The moves between envelopes among saved rows. A move (Transfer Money on Sink Funds) writes its two rows in one
 * insert, the withdrawal first: a withdrawal and the deposit saved right after it (the next id), on the same day and
 * for the same amount, are one move. A half whose partner is not among `rows` (another page) stays as stored.
 */
export function envelopeMoves(rows: readonly MoveRow[], envelopeName: (id: number | null) => string): Map<string, EnvelopeMove> {
  const byId = new Map<number, MoveRow>();
  for (const row of rows) if (isMoveRow(row)) byId.set(row.id!, row);
  const moves = new Map<string, EnvelopeMove>();
  for (const from of byId.values()) {
    if (from.withdrawal_amount <= 0 || from.deposit_amount !== 0) continue;
    const to = byId.get(from.id! + 1);
    if (!to || to.deposit_amount !== from.withdrawal_amount || to.withdrawal_amount !== 0 || to.transaction_date !== from.transaction_date) continue;
    const text = `Moved from ${envelopeName(from.sink_fund_allocation_id)} to ${envelopeName(to.sink_fund_allocation_id)}`;
    moves.set(from.key, { text, part: 'from' });
    moves.set(to.key, { text, part: 'to' });
  }
  return moves;
}
