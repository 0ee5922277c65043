import { isValidDate } from '../../../src/shared/dates';
import { splitDifference, splitDifferenceMessage } from '../../../src/shared/splits';
import { EXPORT_FORMAT, EXPORT_VERSION, type HouseholdExport, householdExportSchema } from '../../../src/shared/schemas/householdData';
import { unprocessable } from '../../errors';
import { PERIOD_OUT_OF_RANGE, periodStarting } from '../budgets/periods';
import { issueText, jsonDocumentOf } from '../untrustedFiles/issues';

const NOT_OURS_MESSAGE = 'This file is not an EveryCent household export.';
const newerVersionMessage = (version: number) =>
  `This export was made by a newer EveryCent (format version ${version}); this one reads up to version ${EXPORT_VERSION}. Update EveryCent, then import it again.`;
export const damagedMessage = (where: string) => `This export is damaged (${where}); nothing was imported.`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type ExportedBudget = HouseholdExport['budgets'][number];

/**
 * A checked export as flat rows, the way the import writes them: budgets without their lines, each line with
 * its budget's id, each activity's row keys as rows of their own. (Flat, every list comes back from the file
 * reader's worker a part at a time, however the household's rows are spread.)
 */
export interface ExportRows extends Omit<HouseholdExport, 'budgets'> {
  budgets: Array<Omit<ExportedBudget, 'incomes' | 'allocations'>>;
  incomes: Array<ExportedBudget['incomes'][number] & { budget_id: number }>;
  allocations: Array<ExportedBudget['allocations'][number] & { budget_id: number }>;
  activity_rows: Array<{ activity_id: number; row_key: string }>;
}

/** An uploaded export, from its bytes (in the file reader's worker): UTF-8, JSON, then `checkExport`. */
export const householdExportOf = (bytes: Uint8Array): ExportRows => exportRowsOf(jsonDocumentOf(bytes, damagedMessage));

/** A parsed export document, checked whole and made flat rows for the import. */
export const exportRowsOf = (document: unknown): ExportRows => exportRows(checkExport(document));

function exportRows({ budgets, activities, ...rest }: HouseholdExport): ExportRows {
  return {
    ...rest,
    budgets: budgets.map(({ incomes: _incomes, allocations: _allocations, ...budget }) => budget),
    incomes: budgets.flatMap((budget) => budget.incomes.map((income) => ({ ...income, budget_id: budget.id }))),
    allocations: budgets.flatMap((budget) => budget.allocations.map((allocation) => ({ ...allocation, budget_id: budget.id }))),
    activities: activities.map((entry) => ({ ...entry, row_keys: [] })),
    activity_rows: activities.flatMap((entry) => entry.row_keys.map((row_key) => ({ activity_id: entry.id, row_key }))),
  };
}

/**
 * The document, checked whole before anything is written: ours, not newer than this version, every field of
 * the right shape and within the bounds the routes keep (the same schemas), every id unique in its kind, every
 * reference pointing at a row the file holds, and every budget a period the Budgets screen could have made.
 */
export function checkExport(document: unknown): HouseholdExport {
  if (!isRecord(document) || document.format !== EXPORT_FORMAT) throw unprocessable(NOT_OURS_MESSAGE);
  if (typeof document.version === 'number' && document.version > EXPORT_VERSION) throw unprocessable(newerVersionMessage(document.version));
  const parsed = householdExportSchema.safeParse(document);
  if (!parsed.success) throw unprocessable(damagedMessage(issueText(parsed.error.issues[0]) || 'the document'));
  checkReferences(parsed.data);
  checkPeriods(parsed.data.budgets);
  return parsed.data;
}

/** Each budget a period Budgets could make (the days around it are dates), none overlapping another. */
function checkPeriods(budgets: HouseholdExport['budgets']): void {
  const inOrder = [...budgets].sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
  inOrder.forEach((budget, i) => {
    try {
      periodStarting(budget.start_date);
    } catch {
      throw unprocessable(damagedMessage(`budget ${budget.id}: ${PERIOD_OUT_OF_RANGE}`));
    }
    if (budget.end_date < budget.start_date || !isValidDate(budget.end_date)) throw unprocessable(damagedMessage(`budget ${budget.id} ends before it starts`));
    const before = inOrder[i - 1];
    if (before && before.end_date >= budget.start_date) throw unprocessable(damagedMessage(`budgets ${before.id} and ${budget.id} cover the same days`));
  });
}

function checkReferences(data: HouseholdExport): void {
  const ids = (kind: string, rows: Array<{ id: number }>) => {
    const set = new Set<number>();
    for (const row of rows) {
      if (set.has(row.id)) throw unprocessable(damagedMessage(`${kind} ${row.id} appears twice`));
      set.add(row.id);
    }
    return set;
  };
  const categories = ids('allocation category', data.allocation_categories);
  const institutions = ids('institution', data.institutions);
  const accounts = ids('bank account', data.bank_accounts);
  const events = ids('special event', data.special_events);
  ids('budget', data.budgets);
  ids('income', data.budgets.flatMap((b) => b.incomes));
  const allocations = ids('allocation', data.budgets.flatMap((b) => b.allocations));
  const envelopes = ids('envelope', data.sink_fund_allocations);
  ids('transaction', data.transactions);
  const activities = ids('activity', data.activities);
  const refer = (what: string, id: number | null, known: Set<number>) => {
    if (id !== null && !known.has(id)) throw unprocessable(damagedMessage(`${what} refers to ${id}, which the file lacks`));
  };
  for (const a of data.bank_accounts) refer(`bank account ${a.id}'s institution`, a.institution_id, institutions);
  for (const b of data.budgets) {
    for (const i of b.incomes) refer(`income ${i.id}'s account`, i.bank_account_id, accounts);
    for (const a of b.allocations) {
      refer(`allocation ${a.id}'s category`, a.allocation_category_id, categories);
      refer(`allocation ${a.id}'s special event`, a.special_event_id, events);
    }
  }
  for (const e of data.sink_fund_allocations) refer(`envelope ${e.id}'s account`, e.bank_account_id, accounts);
  for (const t of data.transactions) {
    refer(`transaction ${t.id}'s account`, t.bank_account_id, accounts);
    refer(`transaction ${t.id}'s allocation`, t.allocation_id, allocations);
    refer(`transaction ${t.id}'s envelope`, t.sink_fund_allocation_id, envelopes);
  }
  ids('part of a split transaction', data.transactions.flatMap((t) => t.splits ?? []));
  for (const t of data.transactions) {
    const parts = t.splits ?? [];
    if (parts.length === 0) continue;
    if (t.allocation_id !== null || t.sink_fund_allocation_id !== null) throw unprocessable(damagedMessage(`transaction ${t.id} is split and has an allocation of its own`));
    if (splitDifference(t, parts) !== 0) throw unprocessable(damagedMessage(`transaction ${t.id}: ${splitDifferenceMessage(t, parts)}`));
    for (const part of parts) {
      refer(`part ${part.id}'s allocation`, part.allocation_id, allocations);
      refer(`part ${part.id}'s envelope`, part.sink_fund_allocation_id, envelopes);
      if (part.allocation_id !== null && part.sink_fund_allocation_id !== null) throw unprocessable(damagedMessage(`part ${part.id} has an allocation and an envelope`));
    }
  }
  ids('schedule', data.schedules ?? []);
  ids('schedule occurrence', (data.schedules ?? []).flatMap((s) => s.occurrences));
  for (const s of data.schedules ?? []) {
    refer(`schedule ${s.id}'s account`, s.bank_account_id, accounts);
    refer(`schedule ${s.id}'s category`, s.allocation_category_id, categories);
    refer(`schedule ${s.id}'s envelope`, s.sink_fund_allocation_id, envelopes);
    if ((s.allocation_category_id === null) !== (s.allocation_name === null)) throw unprocessable(damagedMessage(`schedule ${s.id} has half an allocation`));
  }
  for (const a of data.activities) {
    refer(`activity ${a.id}'s undo`, a.undone_by_id, activities);
    refer(`activity ${a.id}'s undone entry`, a.undoes_id, activities);
  }
  if (data.settings) {
    refer('the primary budget account', data.settings.primary_budget_account_id, accounts);
    refer('the default category for special events', data.settings.default_allocation_category_id_for_special_events, categories);
  }
}
