import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { Cents } from '../../shared/money';
import type { Budget } from '../../shared/schemas/budgets';
import { useGetUpcomingQuery } from '../schedules/schedulesApi';

export const NOTHING_SCHEDULED: ReadonlyMap<number, Cents> = new Map();

/**
 * What each allocation's schedules still take in an open budget's period: the occurrences not yet entered,
 * skipped or paid by a bank row, as money out (a refund scheduled in counts against its bills). Only lines with
 * some still to come; nothing for a closed budget, whose bills are history.
 */
export function useScheduledToCome(budget: Pick<Budget, 'start_date' | 'end_date' | 'status'> | undefined): ReadonlyMap<number, Cents> {
  const shown = budget?.status === 'open';
  const { data: upcoming } = useGetUpcomingQuery(budget && shown ? { from: budget.start_date, to: budget.end_date } : skipToken);
  return useMemo(() => {
    if (!shown || !upcoming) return NOTHING_SCHEDULED;
    const totals = new Map<number, Cents>();
    for (const bill of upcoming) if (bill.allocation_id !== null) totals.set(bill.allocation_id, (totals.get(bill.allocation_id) ?? 0) - bill.amount);
    for (const [id, cents] of totals) if (cents <= 0) totals.delete(id);
    // Nothing to come keeps the same empty map: the rows read it from their context, and a new one redraws them all.
    return totals.size === 0 ? NOTHING_SCHEDULED : totals;
  }, [shown, upcoming]);
}
