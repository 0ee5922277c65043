import { z } from 'zod';
import { isPeriodOrDate, rangeEndDate, rangeStartDate } from '../reports';
import { idSchema, moneyTotalSchema, queryIdSchema } from './common';

/** `from` / `to`: a period (YYYY-MM) or a date (YYYY-MM-DD); a budget is in the range when its end date is. */
const rangeValueSchema = z
  .string()
  .refine(isPeriodOrDate, { error: 'must be a period (YYYY-MM) or a date (YYYY-MM-DD)' })
  .optional();

/** JSON unless the client asks for CSV (here or with `Accept: text/csv`). */
const reportFormatSchema = z.enum(['json', 'csv']).optional();
export type ReportFormat = z.infer<typeof reportFormatSchema>;

const rangeFields = { from: rangeValueSchema, to: rangeValueSchema, format: reportFormatSchema };

const fromNotAfterTo = (query: { from?: string; to?: string }, context: z.RefinementCtx) => {
  if (query.from && query.to && rangeStartDate(query.from) > rangeEndDate(query.to)) {
    context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  }
};

/** `GET /reports/net_worth` and `/reports/needs_vs_wants`. */
export const reportQuerySchema = z.object(rangeFields).superRefine(fromNotAfterTo);

/** `GET /reports/category_spending`: `category_id` narrows it to one category (its rows and its CSV). */
export const categorySpendingQuerySchema = z.object({ ...rangeFields, category_id: queryIdSchema.optional() }).superRefine(fromNotAfterTo);

const percentSchema = z.number().int().nullable();

const netWorthRowSchema = z.object({
  budget_id: idSchema,
  period: z.string(),
  net_change: moneyTotalSchema,
  net_worth: moneyTotalSchema,
});
export type NetWorthRow = z.infer<typeof netWorthRowSchema>;

const categorySpendingRowSchema = z.object({
  budget_id: idSchema,
  allocation_category_id: idSchema,
  category_name: z.string(),
  period: z.string(),
  budgeted: moneyTotalSchema,
  spent: moneyTotalSchema,
  difference: moneyTotalSchema,
});
export type CategorySpendingRow = z.infer<typeof categorySpendingRowSchema>;

const needsVsWantsRowSchema = z.object({
  budget_id: idSchema,
  period: z.string(),
  income: moneyTotalSchema,
  budgeted_needs: moneyTotalSchema,
  budgeted_wants: moneyTotalSchema,
  budgeted_savings: moneyTotalSchema,
  /** Budgeted wants in its two parts: the allocations classed as wants, and the income given to no allocation. */
  budgeted_wants_allocated: moneyTotalSchema,
  budgeted_unallocated: moneyTotalSchema,
  /** The actuals are null for a budget without spending yet: nothing to measure, not 100 % wants. */
  actual_needs: moneyTotalSchema.nullable(),
  actual_wants: moneyTotalSchema.nullable(),
  actual_savings: moneyTotalSchema.nullable(),
  budgeted_needs_percent: percentSchema,
  budgeted_wants_percent: percentSchema,
  budgeted_savings_percent: percentSchema,
  actual_needs_percent: percentSchema,
  actual_wants_percent: percentSchema,
  actual_savings_percent: percentSchema,
  /** Actual wants in its two parts (the screen's actuals): what was spent on wants, and the income not (yet) spent. */
  actual_wants_spent: moneyTotalSchema.nullable(),
  actual_unspent: moneyTotalSchema.nullable(),
  actual_wants_spent_percent: percentSchema,
  actual_unspent_percent: percentSchema,
});
export type NeedsVsWantsRow = z.infer<typeof needsVsWantsRowSchema>;

/** A column as the original backend described it, for the original client's report screens. */
const describedFieldSchema = z.object({ name: z.string(), label: z.string(), numeric: z.boolean() });

/**
 * A report: its rows, oldest period first, and its columns in the table's order: their names, or, for the original
 * client (which sends `Content-Type: application/json` on every call, GETs too), the original backend's envelope
 * `{success: true, data, fields: [{name, label, numeric}]}`.
 */
const reportSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ success: z.literal(true).optional(), data: z.array(row), fields: z.union([z.array(z.string()), z.array(describedFieldSchema)]) });

export const netWorthReportSchema = reportSchema(netWorthRowSchema);
export type NetWorthReport = z.infer<typeof netWorthReportSchema>;
export const categorySpendingReportSchema = reportSchema(categorySpendingRowSchema);
export type CategorySpendingReport = z.infer<typeof categorySpendingReportSchema>;
export const needsVsWantsReportSchema = reportSchema(needsVsWantsRowSchema);
export type NeedsVsWantsReport = z.infer<typeof needsVsWantsReportSchema>;

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
