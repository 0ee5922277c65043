import { z } from 'zod';
import { dateSchema, moneySchema, moneyTotalSchema, notGiven, versionSchema } from './common';
import { transactionSchema } from './transactions';

/** `GET /bank_accounts/:id/reconcile?statement_date=YYYY-MM-DD`: what reconciling to a statement of that date would find. */
export const reconcilePreviewQuerySchema = z.object({ statement_date: dateSchema });

/**
 * The account's state against a statement. Balances are signed like every balance (a debt is negative).
 * `reconciled_through`/`reconciled_balance` are the last statement reconciled to, and `ledger_at_reconciled` what
 * the account's transactions now add up to on that day: they differ when a reconciled row was changed since.
 */
export const reconcilePreviewSchema = z.object({
  bank_account_id: z.number().int(),
  statement_date: z.string(),
  /** The balance the app has at the end of the statement date. */
  balance_at_statement_date: moneyTotalSchema,
  reconciled_through: z.string().nullable(),
  reconciled_balance: moneyTotalSchema.nullable(),
  ledger_at_reconciled: moneyTotalSchema.nullable(),
  /** Rows dated after the last reconciled statement, up to and including the statement date, oldest first. */
  unreconciled: z.array(transactionSchema),
  /** Send it back with the reconcile: a window saved meanwhile makes the reconcile a 409. */
  window_lock_version: z.number().int(),
});
export type ReconcilePreview = z.infer<typeof reconcilePreviewSchema>;

/** `POST /bank_accounts/:id/reconcile` */
export const reconcileBodySchema = z.object({
  statement_date: dateSchema,
  /** The statement's closing balance, signed (a card's amount owed is negative). */
  statement_balance: moneySchema,
  window_lock_version: notGiven(versionSchema),
});
export type ReconcileBody = z.infer<typeof reconcileBodySchema>;

export const reconcileResultSchema = z.object({
  /** The one adjustment row written (dated the statement date), or null when the app already agreed. */
  adjustment: transactionSchema.nullable(),
  reconciled_through: z.string(),
  reconciled_balance: moneyTotalSchema,
});
export type ReconcileResult = z.infer<typeof reconcileResultSchema>;

export const RECONCILE_FUTURE_DATE = 'The statement date cannot be after today';
export const reconcileBeforeCheckpoint = (checkpoint: string) =>
  `The statement date must be after ${checkpoint}: the balance up to that day is already settled`;
export const reconcileBeforeReconciled = (through: string) => `This account is already reconciled through ${through}: choose that day or a later one`;
