import Papa from 'papaparse';
import { unprocessable } from '../../errors';
import { centsOf, dateOf, daysComeFirst, monthOf } from './amounts';
import type { HistoryAccount, HistoryAssignment, HistoryData, HistoryTransaction } from './historyData';
import type { UnmappedRow } from '../../../src/shared/schemas/history';

/** YNAB's group of the money that arrives to be assigned ("Inflow: Ready to Assign"; "To be Budgeted" before 2021). */
const INFLOW_GROUP = 'Inflow';
const STARTING_BALANCE = 'Starting Balance';
const TRANSFER = /^Transfer\s*:\s*/;

type Row = Record<string, string>;

function rowsOf(text: string, file: string, needed: string[]): Row[] {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), { header: true, delimiter: ',', skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() });
  const headers = parsed.meta.fields ?? [];
  const missing = needed.filter((column) => !headers.includes(column));
  if (missing.length > 0) {
    throw unprocessable(`This is not YNAB's ${file}: it has no ${missing.map((m) => `"${m}"`).join(', ')} column. Export your plan from YNAB (Plan.csv and Register.csv in its zip).`);
  }
  return parsed.data;
}

/** The group and category of a row: the separate columns, or "Group: Category" when only that one is there. */
function categoryOf(row: Row): { group: string; name: string } | null {
  const group = row['Category Group']?.trim();
  const name = row.Category?.trim();
  if (group && name) return { group, name };
  const both = row['Category Group/Category']?.trim();
  if (!both) return null;
  const split = both.indexOf(':');
  return split < 0 ? { group: both, name: both } : { group: both.slice(0, split).trim(), name: both.slice(split + 1).trim() };
}

/** YNAB's export: the plan (assigned per category per month) and the register (every account's transactions). */
export function readYnab(planText: string, registerText: string): HistoryData {
  const plan = rowsOf(planText, 'Plan.csv', ['Month']);
  const register = rowsOf(registerText, 'Register.csv', ['Account', 'Date', 'Payee', 'Outflow', 'Inflow']);
  const skipped: UnmappedRow[] = [];

  const assignments: HistoryAssignment[] = [];
  for (const row of plan) {
    const month = monthOf(row.Month ?? '');
    const category = categoryOf(row);
    const amount = centsOf(row.Assigned ?? row.Budgeted ?? '');
    if (!month || !category || amount === null) {
      skipped.push({ date: row.Month ?? '', account: '', description: 'plan line', category: row['Category Group/Category'] ?? '', reason: 'the month, category or assigned amount could not be read: left out' });
      continue;
    }
    if (category.group === INFLOW_GROUP) continue;
    assignments.push({ month, group: category.group, name: category.name, amount });
  }

  const dayFirst = daysComeFirst(register.map((r) => r.Date ?? ''));
  const accounts = new Map<string, HistoryAccount>();
  const transactions: HistoryTransaction[] = [];
  register.forEach((row, index) => {
    const accountName = row.Account?.trim() ?? '';
    const date = dateOf(row.Date ?? '', dayFirst);
    const outflow = centsOf(row.Outflow ?? '');
    const inflow = centsOf(row.Inflow ?? '');
    const payee = row.Payee?.trim() ?? '';
    if (!accountName || !date || outflow === null || inflow === null) {
      skipped.push({ date: row.Date ?? '', account: accountName, description: payee, category: row['Category Group/Category'] ?? '', reason: 'the account, date or amount could not be read: left out' });
      return;
    }
    const account = accounts.get(accountName) ?? { name: accountName, openingBalance: 0, firstDate: null, closed: false, offBudget: false };
    accounts.set(accountName, account);
    const net = inflow - outflow;
    if (payee === STARTING_BALANCE) {
      account.openingBalance += net;
      account.firstDate = account.firstDate && account.firstDate < date ? account.firstDate : date;
      return;
    }
    const category = TRANSFER.test(payee) ? null : categoryOf(row);
    const memo = row.Memo?.trim();
    transactions.push({
      // Counted as a spreadsheet shows it: the column names are row 1.
      origin: `Register.csv row ${index + 2}`,
      account: accountName,
      date,
      description: [payee, memo].filter(Boolean).join(' — ') || '(no payee)',
      withdrawal: net < 0 ? -net : 0,
      deposit: net > 0 ? net : 0,
      category: category && category.group !== INFLOW_GROUP ? category : null,
      incomeName: category?.group === INFLOW_GROUP ? payee || 'Income' : null,
      reference: `YNAB-${index + 1}`,
    });
  });
  return { source: 'ynab', title: 'YNAB export', accounts: [...accounts.values()], assignments, transactions, skipped };
}
