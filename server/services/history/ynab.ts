import Papa from 'papaparse';
import type { UnmappedRow } from '../../../src/shared/schemas/history';
import { unprocessable } from '../../errors';
import { unzip } from '../untrustedFiles/zip';
import { centsOf, dateOf, daysComeFirst, exportDateIn, monthOf } from './amounts';
import { type HistoryAccount, type HistoryAssignment, type HistoryData, type HistoryTransaction, kindByName } from './historyData';

/** Where a row of the register is a part of a split: its place among the parts, its payee and its own memo. */
interface SplitMark {
  index: number;
  of: number;
  payee: string;
  memo: string | null;
}

const STARTING_BALANCE = 'Starting Balance';
const TRANSFER = /^Transfer\s*:\s*/;
/** A part of a split row: new YNAB's memo starts "Split (1/3)", YNAB 4's "(Split 1/3)". */
const SPLIT = /^(?:Split \((\d+)\/(\d+)\)|\(Split (\d+)\/(\d+)\))\s*/i;
/** New YNAB's group of a card's payment categories: one category per credit card account, named as the account. */
const CARD_PAYMENTS = 'Credit Card Payments';
const NOT_YNAB_ZIP = "This zip is not a YNAB export: it holds no Plan.csv (or Budget.csv) and Register.csv. Choose the zip YNAB's Export plan saves, or its two CSV files.";

type Cells = Record<string, string>;
interface Line {
  /** The line of the file the row starts on (the column names are line 1), as a text editor counts. */
  line: number;
  cells: Cells;
}

/** The separator of a YNAB file, from its first line: a tab (comma-decimal exports), a semicolon, else a comma. */
function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  if (first.includes('\t')) return '\t';
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * The rows of one of YNAB's files, each with the line it starts on. A row whose number of cells is not the
 * header's cannot be read: it is listed (with its line) in `unreadable`, never guessed at.
 */
function linesOf(text: string, file: string, needed: string[][], unreadable: UnmappedRow[]): { headers: Set<string>; lines: Line[] } {
  const body = text.replace(/^\uFEFF/, '');
  let headers: string[] | null = null;
  const lines: Line[] = [];
  let cursor = 0;
  let lineAt = 1;
  Papa.parse<string[]>(body, {
    delimiter: separatorOf(body),
    step: (result) => {
      const start = cursor;
      cursor = result.meta.cursor;
      const line = lineAt;
      for (let at = body.indexOf('\n', start); at >= 0 && at < cursor; at = body.indexOf('\n', at + 1)) lineAt++;
      const cells = result.data;
      if (cells.length === 1 && cells[0].trim() === '') return;
      if (headers === null) {
        headers = cells.map((h) => h.trim());
        return;
      }
      if (cells.length !== headers.length) {
        unreadable.push({ origin: `${file} line ${line}`, date: '', account: '', description: cells.slice(0, 4).join(' | ').slice(0, 200), category: '', reason: `it has ${cells.length} cells where the file's first line names ${headers.length} columns: left out` });
        return;
      }
      lines.push({ line, cells: Object.fromEntries(headers.map((h, i) => [h, cells[i]])) });
    },
  });
  const found = new Set<string>(headers ?? []);
  const missing = needed.filter((alternatives) => !alternatives.some((column) => found.has(column))).map((alternatives) => alternatives.map((c) => `"${c}"`).join(' or '));
  if (missing.length > 0) {
    throw unprocessable(`This is not YNAB's ${file}: it has ${missing.map((m) => `no ${m} column`).join(', ')}. Export your plan from YNAB (the zip it saves, or Plan.csv and Register.csv in it; YNAB 4: Budget.csv and Register.csv).`);
  }
  return { headers: found, lines };
}

/**
 * The group and category of a row: YNAB 4's "Master Category" and "Sub Category", new YNAB's "Category Group"
 * and "Category", or "Group: Category" when only that one is there (new YNAB's "Category Group/Category", YNAB 4's
 * "Category").
 */
function categoryOf(cells: Cells): { group: string; name: string } | null {
  const master = cells['Master Category']?.trim();
  const sub = cells['Sub Category']?.trim();
  if (master && sub) return { group: master, name: sub };
  const group = cells['Category Group']?.trim();
  const name = 'Master Category' in cells ? undefined : cells.Category?.trim();
  if (group && name) return { group, name };
  const both = (cells['Category Group/Category'] ?? cells.Category)?.trim();
  if (!both) return null;
  const split = both.indexOf(':');
  return split < 0 ? { group: both, name: both } : { group: both.slice(0, split).trim(), name: both.slice(split + 1).trim() };
}

const categoryText = (cells: Cells) => cells['Category Group/Category'] ?? cells.Category ?? '';

/**
 * Whether a category is where money arrives to be assigned, and for which month: new YNAB's "Inflow: Ready to
 * Assign" (before 2021 "To be Budgeted") counts in its own month; YNAB 4's "Income: Available this month" too and
 * "Income: Available next month" in the next one.
 */
function incomeOf(category: { group: string; name: string } | null): 'this month' | 'next month' | null {
  if (!category) return null;
  if (category.group === 'Inflow') return 'this month';
  if (category.group === 'Income' && /^Available (this|next) month$/i.test(category.name)) return /next/i.test(category.name) ? 'next month' : 'this month';
  return null;
}

const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

/** A cleared or reconciled row: new YNAB says "Cleared"/"Reconciled", YNAB 4 "C"/"R" ("U" and "Uncleared" are not). */
const isCleared = (text: string | undefined) => /^(c|r|cleared|reconciled)$/i.test(text?.trim() ?? 'cleared');

export interface YnabFiles {
  plan: string;
  register: string;
  /** The files' names as the person chose them: YNAB's say the day of the export. */
  names?: string[];
}

/** YNAB's zip as it saves it: its plan (Plan.csv, Budget.csv) and register, whatever the budget's name before them. */
export function ynabFilesInZip(bytes: Buffer, zipName: string | undefined): YnabFiles {
  const isPlan = (name: string) => /(^|[-\s/])(plan|budget)\.csv$/i.test(name);
  const isRegister = (name: string) => /(^|[-\s/])register\.csv$/i.test(name);
  const files = unzip(bytes, (name) => isPlan(name) || isRegister(name));
  if (!files) throw unprocessable(NOT_YNAB_ZIP);
  const names = [...files.keys()];
  const plan = names.find(isPlan);
  const register = names.find(isRegister);
  if (!plan || !register) throw unprocessable(NOT_YNAB_ZIP);
  const decode = (name: string) => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(files.get(name));
    } catch {
      throw unprocessable(`${name} in this zip is not UTF-8 text.`);
    }
  };
  return { plan: decode(plan), register: decode(register), names: [zipName ?? '', plan, register] };
}

/**
 * YNAB's export, every shape people have: new YNAB's Plan.csv (or Budget.csv) and Register.csv, YNAB 4's Budget.csv
 * and Register.csv (Master/Sub Category, its income categories), comma-, semicolon- or tab-separated, amounts with
 * comma or point decimals and the currency before or after. A row that cannot be read is listed with its line.
 */
export function readYnab({ plan: planText, register: registerText, names = [] }: YnabFiles): HistoryData {
  const skipped: UnmappedRow[] = [];
  const planFile = names.some((n) => /budget\.csv$/i.test(n)) ? 'Budget.csv' : 'Plan.csv';
  const plan = linesOf(planText, planFile, [['Month'], ['Assigned', 'Budgeted']], skipped);
  const register = linesOf(registerText, 'Register.csv', [['Account'], ['Date'], ['Payee'], ['Outflow'], ['Inflow']], skipped);

  const assignments: HistoryAssignment[] = [];
  const cardAccounts = new Set<string>();
  for (const { line, cells } of plan.lines) {
    const month = monthOf(cells.Month ?? '');
    const category = categoryOf(cells);
    const amount = centsOf(cells.Assigned ?? cells.Budgeted ?? '');
    if (!month || !category || amount === null) {
      const what = !month ? `its month "${cells.Month}"` : !category ? 'its category' : `its assigned amount "${cells.Assigned ?? cells.Budgeted}"`;
      skipped.push({ origin: `${planFile} line ${line}`, date: cells.Month ?? '', account: '', description: 'assigned amount', category: categoryText(cells), reason: `${what} could not be read: left out` });
      continue;
    }
    if (incomeOf(category)) continue;
    if (category.group === CARD_PAYMENTS) cardAccounts.add(category.name);
    assignments.push({ month, group: category.group, name: category.name, amount });
  }

  const dayFirst = daysComeFirst(register.lines.map((r) => r.cells.Date ?? ''));
  const accounts = new Map<string, HistoryAccount>();
  const transactions: HistoryTransaction[] = [];
  const marks: Array<SplitMark | null> = [];
  for (const { line, cells } of register.lines) {
    const origin = `Register.csv line ${line}`;
    const accountName = cells.Account?.trim() ?? '';
    const date = dateOf(cells.Date ?? '', dayFirst);
    const outflow = centsOf(cells.Outflow ?? '');
    const inflow = centsOf(cells.Inflow ?? '');
    const payee = cells.Payee?.trim() ?? '';
    if (!accountName || !date || outflow === null || inflow === null) {
      const what = !accountName ? 'it names no account' : !date ? `its date "${cells.Date}" is not a day` : `its amount "${outflow === null ? cells.Outflow : cells.Inflow}" is not one`;
      skipped.push({ origin, date: cells.Date ?? '', account: accountName, description: payee, category: categoryText(cells), reason: `${what}: left out` });
      continue;
    }
    let account = accounts.get(accountName);
    if (!account) {
      account = { name: accountName, openingBalance: 0, firstDate: null, closed: false, offBudget: false, kind: cardAccounts.has(accountName) ? 'credit_card' : kindByName(accountName, false) };
      accounts.set(accountName, account);
    }
    const net = inflow - outflow;
    if (payee === STARTING_BALANCE) {
      account.openingBalance += net;
      account.firstDate = account.firstDate && account.firstDate < date ? account.firstDate : date;
      continue;
    }
    const category = TRANSFER.test(payee) ? null : categoryOf(cells);
    const income = incomeOf(category);
    const memo = cells.Memo?.trim();
    const split = memo ? SPLIT.exec(memo) : null;
    marks.push(
      split ? { index: Number(split[1] ?? split[3]), of: Number(split[2] ?? split[4]), payee, memo: memo!.slice(split[0].length).trim() || null } : null,
    );
    transactions.push({
      origin,
      account: accountName,
      date,
      description: [payee, memo].filter(Boolean).join(' — ') || '(no payee)',
      withdrawal: net < 0 ? -net : 0,
      deposit: net > 0 ? net : 0,
      category: income ? null : category,
      incomeName: income ? payee || 'Income' : null,
      incomeMonth: income === 'next month' ? nextMonth(date.slice(0, 7)) : undefined,
      reference: `YNAB-${line}`,
      cleared: isCleared(cells.Cleared),
    });
  }
  return { source: 'ynab', title: 'YNAB export', accounts: [...accounts.values()], assignments, transactions: joinSplits(transactions, marks), skipped, exportedOn: exportDateIn(names) };
}

/**
 * YNAB writes a split row as its parts, one register row each ("Split (1/3) …" to "Split (3/3) …", one after
 * the other, on the same account and day): they become one row of the bank's amount (their sum) with the parts,
 * each with its category and its memo without the "Split (i/n)". Parts that do not run complete from 1 to n
 * (a file cut or edited by hand) stay the rows they are.
 */
function joinSplits(rows: HistoryTransaction[], marks: ReadonlyArray<SplitMark | null>): HistoryTransaction[] {
  const joined: HistoryTransaction[] = [];
  for (let at = 0; at < rows.length; ) {
    const first = marks[at];
    let end = at + 1;
    if (first?.index === 1) {
      while (end < rows.length && end - at < first.of) {
        const mark = marks[end];
        if (mark?.index !== end - at + 1 || mark.of !== first.of || rows[end].account !== rows[at].account || rows[end].date !== rows[at].date) break;
        end++;
      }
    }
    if (!first || first.index !== 1 || end - at !== first.of) {
      joined.push(rows[at]);
      at++;
      continue;
    }
    const parts = rows.slice(at, end);
    const net = parts.reduce((sum, part) => sum + part.deposit - part.withdrawal, 0);
    const last = parts[parts.length - 1].origin.replace(/^Register\.csv line /, '');
    joined.push({
      origin: `${parts[0].origin}–${last}`,
      account: parts[0].account,
      date: parts[0].date,
      description: first.payee || '(no payee)',
      withdrawal: net < 0 ? -net : 0,
      deposit: net > 0 ? net : 0,
      category: null,
      incomeName: null,
      reference: parts[0].reference,
      cleared: parts.every((part) => part.cleared),
      parts: parts.map((part, i) => ({
        origin: part.origin,
        amount: part.deposit - part.withdrawal,
        category: part.category,
        incomeName: part.incomeName,
        incomeMonth: part.incomeMonth,
        memo: marks[at + i]!.memo,
      })),
    });
    at = end;
  }
  return joined;
}
