import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Cents } from '../../shared/money';
import type { SinkFund } from '../../shared/schemas/sinkFunds';
import type { SinkFundAllocationStatus } from '../../shared/schemas/transactions';

/**
 * An envelope as the Sink Funds screen holds it: keyed by the server id, or a negative number for one added on
 * this screen, so each table row subscribes to its own envelope. Balance and transaction count come from the
 * server and never change while editing.
 */
export interface EnvelopeLine {
  key: number;
  /** 0 for an envelope not yet saved. */
  id: number;
  name: string;
  target: Cents;
  comment: string;
  status: SinkFundAllocationStatus;
  current_balance: Cents;
  transaction_count: number;
  deleted: boolean;
}

export type EnvelopeFields = Pick<EnvelopeLine, 'name' | 'target' | 'comment' | 'status'>;

export const envelopesAdapter = createEntityAdapter<EnvelopeLine, number>({ selectId: (row) => row.key });

/** The server's envelopes as screen rows, in the server's order (by name). */
export function envelopeRowsOf(fund: SinkFund): EntityState<EnvelopeLine, number> {
  return envelopesAdapter.setAll(
    envelopesAdapter.getInitialState(),
    fund.sink_fund_allocations.map((envelope) => ({
      key: envelope.id,
      id: envelope.id,
      name: envelope.name,
      target: envelope.target,
      comment: envelope.comment ?? '',
      status: envelope.status,
      current_balance: envelope.current_balance,
      transaction_count: envelope.transaction_count,
      deleted: false,
    })),
  );
}
