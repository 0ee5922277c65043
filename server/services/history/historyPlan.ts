import { createHash } from 'node:crypto';
import { addDays } from '../../../src/shared/dates';
import type { AllocationClass } from '../../../src/shared/schemas/budgets';
import type { AccountKind, EarlierRows, HistoryChoices, HistoryPreview, UnmappedRow } from '../../../src/shared/schemas/history';
import { HttpError, unprocessable } from '../../errors';
import { periodStarting } from '../budgets/periods';
import { Refusals } from '../refusals';
import { defaultClassOf } from './groupClass';
import type { HistoryData, HistoryTransaction } from './historyData';
import type { HistoryHousehold, HouseholdAccount } from './historyHousehold';

interface PlannedAllocation {
  group: string;
  name: string;
  amount: number;
  allocationClass: AllocationClass;
}

export interface PlannedBudget {
  month: string;
  start: string;
  end: string;
  name: string;
  allocations: PlannedAllocation[];
  incomes: Array<{ name: string; account: string; amount: number }>;
}

/** Where a row's spending goes: a line of a budget the import creates, a line the household already has, or none. */
export type PlacedAllocation = { line: string } | { existing: number } | null;

/** A part of a split row, placed as a row of its own would be. */
export interface PlacedPart {
  amount: number;
  memo: string | null;
  allocation: PlacedAllocation;
}

export interface PlacedTransaction {
  transaction: HistoryTransaction;
  allocation: PlacedAllocation;
  status: 'paid' | 'unpaid';
  /** A split row's parts (its own allocation is then null). */
  parts?: PlacedPart[];
}

/** A category group of the files: joined with one of the household's categories, or created. */
export interface PlannedGroup {
  name: string;
  existing: { id: number; name: string } | null;
  allocationClass: AllocationClass;
}

/** An account of the files: joined with one of the household's (its opening moved back, or not), or created. */
export interface PlannedAccount {
  name: string;
  kind: AccountKind;
  closed: boolean;
  existing: HouseholdAccount | null;
  earlierRows: EarlierRows;
  openingDate: string;
  openingBalance: number;
  /** Rows on or before the household's opening date of a matched account that come in. */
  earlier: number;
  transactions: number;
  balanceAfter: number;
}

/**
 * A row the other tool scheduled (YNAB exports the next occurrence of each, dated after the export and not
 * cleared): it comes in as an upcoming bill, a schedule of one occurrence on its date (docs/schedules.md), never as
 * a paid row.
 */
export interface PlannedUpcoming {
  origin: string;
  account: string;
  date: string;
  description: string;
  /** Deposit less withdrawal, never 0. */
  amount: number;
  category: { group: string; name: string } | null;
}

/** What an import of the files creates and changes: the preview shows it, the import writes it. */
export interface HistoryPlan {
  source: HistoryData['source'];
  title: string;
  exportedOn: string | null;
  /** The household's revision the plan was made against. */
  revision: number;
  groups: PlannedGroup[];
  budgets: PlannedBudget[];
  keptMonths: string[];
  accounts: PlannedAccount[];
  placed: PlacedTransaction[];
  upcoming: PlannedUpcoming[];
  unmapped: UnmappedRow[];
  household: HistoryPreview['household'];
  /** A digest of everything above that would be written: the import must match its preview's. */
  fingerprint: string;
}

export const allocationKey = (group: string, name: string) => `${group}\u0000${name}`;
const monthOf = (date: string) => date.slice(0, 7);
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0 || a.toLowerCase() === b.toLowerCase();
const PREVIEW_ROWS = 200;

/** The value of `key` in `map`, made by `make` the first time it is asked for. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** A month whose budget could not exist (the day before or after it is no date) is refused, as on Budgets. */
function budgetPeriod(start: string, firstRow: string) {
  try {
    return periodStarting(start);
  } catch (error) {
    throw error instanceof HttpError ? unprocessable(`${error.errors[0]}: ${firstRow} would need a budget starting ${start}.`) : error;
  }
}

/** The rows whose categories and incomes count: a split row's parts, each as a row of its own, else the row. */
const piecesOf = (t: HistoryTransaction): HistoryTransaction[] =>
  t.parts
    ? t.parts.map((part) => ({
        ...t,
        origin: part.origin,
        description: [t.description, part.memo].filter(Boolean).join(' — '),
        category: part.category,
        incomeName: part.incomeName,
        incomeMonth: part.incomeMonth,
        withdrawal: part.amount < 0 ? -part.amount : 0,
        deposit: part.amount > 0 ? part.amount : 0,
        parts: undefined,
      }))
    : [t];

const categoryText = (category: { group: string; name: string } | null) => (category ? `${category.group}: ${category.name}` : '');

const leftOut = (t: HistoryTransaction, reason: string): UnmappedRow => ({
  origin: t.origin,
  date: t.date,
  account: t.account,
  description: t.description,
  category: categoryText(t.category),
  reason,
});

/** The person's choices, checked against the files and the household: each problem is a refusal at Preview. */
function choicesOf(data: HistoryData, choices: HistoryChoices, household: HistoryHousehold, groupNames: string[]) {
  const refusals = new Refusals();
  const accountNames = new Set(data.accounts.map((a) => a.name));
  const accountChoices = new Map((choices.accounts ?? []).map((c) => [c.name, c]));
  for (const name of accountChoices.keys()) if (!accountNames.has(name)) refusals.add(`The files have no account "${name.slice(0, 50)}" to match.`);
  const groupChoices = new Map((choices.groups ?? []).map((c) => [c.name, c]));
  for (const name of groupChoices.keys()) if (!groupNames.includes(name)) refusals.add(`The files have no category group "${name.slice(0, 50)}" to match.`);

  const matchedAccounts = new Map<number, string>();
  const accounts = data.accounts.map((account) => {
    const choice = accountChoices.get(account.name);
    let existing: HouseholdAccount | null = null;
    if (choice?.match === undefined) existing = household.accounts.find((a) => same(a.name, account.name)) ?? null;
    else if (choice.match !== null) {
      existing = household.accounts.find((a) => a.id === choice.match) ?? null;
      if (!existing) refusals.add(`Account "${account.name.slice(0, 50)}": the account chosen to join it is not one of this household's.`);
    }
    if (existing) {
      const other = matchedAccounts.get(existing.id);
      if (other !== undefined) refusals.add(`Accounts "${other.slice(0, 50)}" and "${account.name.slice(0, 50)}" would both join ${existing.name}: choose one account of the files for each of yours.`);
      matchedAccounts.set(existing.id, account.name);
    }
    return { account, existing, kind: existing ? existing.kind : (choice?.kind ?? account.kind), earlierRows: choice?.earlier_rows ?? ('move_opening_date' as EarlierRows) };
  });

  const matchedCategories = new Map<number, string>();
  const groups: PlannedGroup[] = groupNames.map((name) => {
    const choice = groupChoices.get(name);
    let existing: { id: number; name: string } | null = null;
    if (choice?.match === undefined) existing = household.categories.find((c) => same(c.name, name)) ?? null;
    else if (choice.match !== null) {
      existing = household.categories.find((c) => c.id === choice.match) ?? null;
      if (!existing) refusals.add(`Category group "${name.slice(0, 50)}": the category chosen to join it is not one of this household's.`);
    } else {
      const clash = household.categories.find((c) => same(c.name, name));
      if (clash) refusals.add(`Category group "${name.slice(0, 50)}": this household already has the category ${clash.name}; join it with it rather than create it.`);
    }
    if (existing) {
      const other = matchedCategories.get(existing.id);
      if (other !== undefined) refusals.add(`Category groups "${other.slice(0, 50)}" and "${name.slice(0, 50)}" would both join ${existing.name}: choose one group for each category.`);
      matchedCategories.set(existing.id, name);
    }
    return { name, existing, allocationClass: choice?.allocation_class ?? defaultClassOf(name) };
  });
  refusals.throwIfAny();
  return { accounts, groups };
}

/**
 * Decides what will be created and changed, against the household as it is: a budget for every month the files
 * cover before the household's first budget (months that already have one keep it), the month's assigned amounts
 * as its allocations in the class of their group, its income as incomes, and each transaction on its month's line
 * of its category. The file's accounts and category groups join the household's of the same name unless the
 * person chose otherwise; a joined account's history before its opening date moves that date back (its opening
 * balance recomputed so today's balance stays) or is left out. Rows dated after the export and not cleared are
 * scheduled ones: listed, and brought in as upcoming bills. Every step is one pass over the rows (maps by month, by line, by account).
 */
export function planHistory(data: HistoryData, household: HistoryHousehold, choices: HistoryChoices = {}): HistoryPlan {
  const exportedOn = choices.exported_on !== undefined ? choices.exported_on : (data.exportedOn ?? household.today);
  const unmapped: UnmappedRow[] = [...data.skipped];

  // Scheduled rows (YNAB exports the next occurrence of each) are not history yet: upcoming bills.
  const upcoming: PlannedUpcoming[] = [];
  // A schedule has no parts: a scheduled split's parts are a bill each, on its category, as before splits.
  const current = data.transactions.filter((row) => {
    if (row.cleared || exportedOn === null || row.date <= exportedOn) return true;
    for (const t of piecesOf(row)) {
      const amount = t.deposit - t.withdrawal;
      if (amount === 0) {
        unmapped.push(leftOut(t, `dated after the export (${exportedOn}) and not cleared: a scheduled transaction of 0.00, left out`));
        continue;
      }
      // Listed under the preview's own heading (upcoming bills), not among the rows that could not be mapped.
      upcoming.push({ origin: t.origin, account: t.account, date: t.date, description: t.description, amount, category: t.category });
    }
    return false;
  });

  // Category groups are those of the plan's lines (a group whose every line is empty and unspent has none).
  const lineGroups = new Set<string>();
  const spentGroups = new Set(current.flatMap(piecesOf).flatMap((t) => (t.category ? [`${monthOf(t.date)}\u0000${allocationKey(t.category.group, t.category.name)}`] : [])));
  for (const a of data.assignments) if (a.amount !== 0 || spentGroups.has(`${a.month}\u0000${allocationKey(a.group, a.name)}`)) lineGroups.add(a.group);
  const groupNames = [...lineGroups].sort((a, b) => a.localeCompare(b));
  const chosen = choicesOf(data, choices, household, groupNames);
  const groupByName = new Map(chosen.groups.map((g) => [g.name, g]));

  // Which rows come in, account by account.
  const accountByName = new Map(chosen.accounts.map((c) => [c.account.name, c]));
  const incoming: HistoryTransaction[] = [];
  const earlierNet = new Map<string, { count: number; net: number; first: string | null }>();
  const broughtBefore = new Map<number, Set<string>>();
  for (const t of current) {
    const { existing, earlierRows } = accountByName.get(t.account)!;
    if (existing) {
      if (entry(broughtBefore, existing.id, () => new Set(existing.history_refs)).has(t.reference)) {
        unmapped.push(leftOut(t, `${existing.name} already has it from an earlier import (bank reference ${t.reference}): left out`));
        continue;
      }
      if (t.date <= existing.opening_date) {
        if (earlierRows === 'leave_out') {
          unmapped.push(leftOut(t, `dated on or before ${existing.name}'s opening date here (${existing.opening_date}): left out, as chosen`));
          continue;
        }
        const sum = entry(earlierNet, t.account, () => ({ count: 0, net: 0, first: null as string | null }));
        sum.count++;
        sum.net += t.deposit - t.withdrawal;
        sum.first = sum.first === null || t.date < sum.first ? t.date : sum.first;
      } else if (existing.rows_after_opening > 0) {
        unmapped.push(leftOut(t, `${existing.name} already keeps its own transactions after its opening date (${existing.opening_date}): left out`));
        continue;
      }
    }
    incoming.push(t);
  }

  // Budgets: only for months before the household's first one.
  const firstBudget = household.budgets[0]?.start_date ?? null;
  const byMonth = new Map<string, { lines: Map<string, PlannedAllocation>; incomes: Map<string, PlannedBudget['incomes'][number]>; firstRow: string }>();
  const month = (key: string, row: string) => entry(byMonth, key, () => ({ lines: new Map(), incomes: new Map(), firstRow: row }));
  const spentIn = new Set<string>();
  for (const t of incoming.flatMap(piecesOf)) {
    const lines = month(monthOf(t.date), `${t.origin}, dated ${t.date}`);
    if (t.category) spentIn.add(`${monthOf(t.date)}\u0000${allocationKey(t.category.group, t.category.name)}`);
    if (t.incomeName !== null) {
      const incomeLines = t.incomeMonth ? month(t.incomeMonth, `${t.origin}, dated ${t.date}`) : lines;
      const income = entry(incomeLines.incomes, `${t.incomeName}\u0000${t.account}`, () => ({ name: t.incomeName!, account: t.account, amount: 0 }));
      income.amount += t.deposit - t.withdrawal;
    }
  }
  for (const a of data.assignments) {
    const key = allocationKey(a.group, a.name);
    const { lines } = month(a.month, `the plan's month ${a.month}`);
    if (a.amount === 0 && !spentIn.has(`${a.month}\u0000${key}`)) continue;
    entry(lines, key, () => ({ group: a.group, name: a.name, amount: 0, allocationClass: groupByName.get(a.group)!.allocationClass })).amount += a.amount;
  }
  const budgets: PlannedBudget[] = [];
  const keptMonths: string[] = [];
  for (const key of [...byMonth.keys()].sort()) {
    const start = `${key}-01`;
    const { lines, incomes, firstRow } = byMonth.get(key)!;
    const period = budgetPeriod(start, firstRow);
    if (firstBudget !== null && period.end_date >= firstBudget) {
      keptMonths.push(key);
      continue;
    }
    budgets.push({ month: key, start, end: period.end_date, name: period.name, allocations: [...lines.values()], incomes: [...incomes.values()] });
  }
  const created = new Map(budgets.map((b) => [b.month, b]));
  const createdLines = new Map(budgets.map((b) => [b.month, new Set(b.allocations.map((a) => allocationKey(a.group, a.name)))]));

  // The household's budget of a day (they never overlap: a binary search), and its lines by category and name.
  const budgetOn = (date: string) => {
    let [low, high] = [0, household.budgets.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (household.budgets[middle].start_date <= date) low = middle;
      else high = middle - 1;
    }
    const budget = household.budgets[low];
    return budget && budget.start_date <= date && date <= budget.end_date ? budget : undefined;
  };
  const lineMaps = new Map<HistoryHousehold['budgets'][number], Map<string, number>>();
  const linesOf = (budget: HistoryHousehold['budgets'][number]) =>
    entry(lineMaps, budget, () => new Map([...budget.allocations].reverse().map((a) => [`${a.category_id}\u0000${a.name.toLowerCase()}`, a.id])));
  // A row's line (or a split part's, each placed as a row of its own), or none: listed when its category has none.
  const allocationOf = (transaction: HistoryTransaction): PlacedAllocation => {
    const category = transaction.category;
    if (!category) return null;
    const key = allocationKey(category.group, category.name);
    const ownMonth = monthOf(transaction.date);
    if (created.has(ownMonth)) {
      if (createdLines.get(ownMonth)!.has(key)) return { line: key };
      unmapped.push(leftOut(transaction, 'its category has no line in that month’s plan: it comes in without an allocation'));
      return null;
    }
    const budget = budgetOn(transaction.date);
    const categoryId = groupByName.get(category.group)?.existing?.id;
    const line = budget && categoryId !== undefined ? linesOf(budget).get(`${categoryId}\u0000${category.name.toLowerCase()}`) : undefined;
    if (line !== undefined) return { existing: line };
    unmapped.push(
      leftOut(
        transaction,
        budget ? `its month keeps the budget it has here, which has no allocation ${category.name} in that category: it comes in without an allocation` : 'no budget here covers its date: it comes in without an allocation',
      ),
    );
    return null;
  };
  const placed = incoming.map((transaction): PlacedTransaction => {
    const { kind } = accountByName.get(transaction.account)!;
    const status = kind === 'credit_card' && !transaction.cleared ? 'unpaid' : 'paid';
    if (!transaction.parts) return { transaction, allocation: allocationOf(transaction), status };
    const parts = piecesOf(transaction).map((piece, i) => ({ amount: transaction.parts![i].amount, memo: transaction.parts![i].memo, allocation: allocationOf(piece) }));
    return { transaction, allocation: null, status, parts };
  });

  const counts = new Map<string, { rows: number; net: number; first: string | null }>();
  for (const { transaction: t } of placed) {
    const c = entry(counts, t.account, () => ({ rows: 0, net: 0, first: null as string | null }));
    c.rows++;
    c.net += t.deposit - t.withdrawal;
    c.first = c.first === null || t.date < c.first ? t.date : c.first;
  }
  const accounts: PlannedAccount[] = chosen.accounts.map(({ account, existing, kind, earlierRows }) => {
    const count = counts.get(account.name) ?? { rows: 0, net: 0, first: null };
    if (existing) {
      const earlier = earlierNet.get(account.name);
      const moved = earlier && earlier.count > 0;
      return {
        name: account.name,
        kind,
        closed: false,
        existing,
        earlierRows,
        openingDate: moved ? addDays(earlier.first!, -1) : existing.opening_date,
        // The balance at the end of the old opening date stays what it was: today's balance is unchanged by history before it.
        openingBalance: moved ? existing.opening_balance - earlier.net : existing.opening_balance,
        earlier: earlier?.count ?? 0,
        transactions: count.rows,
        balanceAfter: existing.balance + count.net - (earlier?.net ?? 0),
      };
    }
    const candidates = [account.firstDate, count.first].filter((date): date is string => Boolean(date)).sort();
    const first = candidates[0] ?? budgets[0]?.start ?? firstBudget ?? `${household.today.slice(0, 7)}-01`;
    return {
      name: account.name,
      kind,
      closed: account.closed,
      existing: null,
      earlierRows,
      openingDate: addDays(first, -1),
      openingBalance: account.openingBalance,
      earlier: 0,
      transactions: count.rows,
      balanceAfter: account.openingBalance + count.net,
    };
  });
  const plan = {
    source: data.source,
    title: data.title,
    exportedOn,
    revision: household.revision,
    groups: chosen.groups.filter((g) => g.existing || budgets.some((b) => b.allocations.some((a) => a.group === g.name))),
    budgets,
    keptMonths,
    accounts,
    placed,
    upcoming,
    unmapped,
    household: { accounts: household.accounts.map(({ id, name }) => ({ id, name })), categories: household.categories },
  };
  return { ...plan, fingerprint: fingerprintOf(plan) };
}

/** What would be written, as a digest: the accounts' and groups' fates, every budget line and every row's place. */
function fingerprintOf(plan: Omit<HistoryPlan, 'fingerprint'>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([plan.revision, plan.exportedOn, plan.groups, plan.budgets, plan.keptMonths, plan.accounts.map((a) => ({ ...a, existing: a.existing?.id ?? null }))]));
  for (const p of plan.placed) hash.update(JSON.stringify([p.transaction, p.allocation, p.status, p.parts ?? null]));
  hash.update(JSON.stringify(plan.upcoming));
  return hash.digest('base64url');
}

export function previewOf(plan: HistoryPlan): HistoryPreview {
  let mapped = 0;
  const perGroup = new Map<string, number>();
  for (const { allocation, parts } of plan.placed) if (allocation !== null || parts?.some((part) => part.allocation !== null)) mapped++;
  for (const b of plan.budgets) for (const a of b.allocations) perGroup.set(a.group, (perGroup.get(a.group) ?? 0) + 1);
  return {
    source: plan.source,
    title: plan.title,
    exported_on: plan.exportedOn,
    fingerprint: plan.fingerprint,
    allocation_categories: plan.groups.map((g) => g.name),
    groups: plan.groups.map((g) => ({ name: g.name, match: g.existing, allocation_class: g.allocationClass, allocations: perGroup.get(g.name) ?? 0 })),
    budgets: plan.budgets.map((b) => ({
      month: b.month,
      name: b.name,
      allocations: b.allocations.length,
      allocated: b.allocations.reduce((sum, a) => sum + a.amount, 0),
      incomes: b.incomes.length,
    })),
    kept_months: plan.keptMonths,
    accounts: plan.accounts.map((a) => ({
      name: a.name,
      kind: a.kind,
      match: a.existing ? { id: a.existing.id, name: a.existing.name } : null,
      before: a.existing ? { opening_date: a.existing.opening_date, opening_balance: a.existing.opening_balance } : null,
      after: { opening_date: a.openingDate, opening_balance: a.openingBalance },
      earlier_rows: a.earlierRows,
      earlier: a.earlier,
      transactions: a.transactions,
      balance_before: a.existing?.balance ?? null,
      balance_after: a.balanceAfter,
      opening_balance: a.openingBalance,
      opening_date: a.openingDate,
    })),
    household: plan.household,
    transactions: plan.placed.length,
    mapped_transactions: mapped,
    upcoming_count: plan.upcoming.length,
    upcoming: plan.upcoming.slice(0, PREVIEW_ROWS).map((u) => ({ origin: u.origin, date: u.date, account: u.account, description: u.description, category: categoryText(u.category), amount: u.amount })),
    unmapped_count: plan.unmapped.length,
    unmapped: plan.unmapped.slice(0, PREVIEW_ROWS),
  };
}
