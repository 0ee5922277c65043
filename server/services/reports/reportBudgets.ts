import { DEFAULT_REPORT_BUDGETS, periodOf, rangeEndDate, rangeStartDate, type Period } from '../../../src/shared/reports';
import type { HouseholdScope } from '../../db/scope';

interface ReportBudget {
  id: number;
  start_date: string;
  end_date: string;
  period: Period;
}

/**
 * The budgets a report shows, oldest first: those whose end date lies in [from, to] (a period covers its whole
 * month). Without `from`, the newest DEFAULT_REPORT_BUDGETS of those ending by `to` (by any date when `to` is
 * absent too). One query.
 */
export async function reportBudgets(scope: HouseholdScope, range: { from?: string; to?: string }): Promise<ReportBudget[]> {
  let query = scope.selectFrom('budgets').select(['id', 'start_date', 'end_date']);
  if (range.to) query = query.where('end_date', '<=', rangeEndDate(range.to));
  if (range.from) query = query.where('end_date', '>=', rangeStartDate(range.from)).orderBy('start_date');
  else query = query.orderBy('start_date', 'desc').limit(DEFAULT_REPORT_BUDGETS);
  const rows = await query.execute();
  if (!range.from) rows.reverse();
  return rows.map((budget) => ({ ...budget, period: periodOf(budget.end_date) }));
}
