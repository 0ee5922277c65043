import SQLite from 'better-sqlite3';
import type { UnmappedRow } from '../../../src/shared/schemas/history';
import { unprocessable } from '../../errors';
import type { HistoryAccount, HistoryAssignment, HistoryData, HistoryTransaction } from './historyPlan';
import { unzip } from './zip';

const NOT_ACTUAL_MESSAGE = "This is not an Actual Budget export: choose the zip that Actual's Settings → Export data saves (it holds db.sqlite and metadata.json).";

const dateOf = (value: number) => {
  const text = String(value);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
};
const monthOf = (value: number | string) => {
  const text = String(value).replace('-', '');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}`;
};

type Row = Record<string, unknown>;

/**
 * Actual Budget's export zip: its own SQLite database, read as Actual keeps it. Accounts, category groups and
 * categories, each month's budgeted amount per category (envelope budgeting's `zero_budgets`, or tracking's
 * `reflect_budgets`), and transactions (amounts in cents, dates as YYYYMMDD numbers; the parts of a split,
 * not the split itself; deleted rows are tombstoned). Payees and categories go through Actual's mapping tables
 * because merged ones keep their old ids there.
 */
export function readActual(zipBytes: Buffer): HistoryData {
  const files = unzip(zipBytes);
  const database = files?.get('db.sqlite');
  const metadataText = files?.get('metadata.json');
  if (!database || !metadataText) throw unprocessable(NOT_ACTUAL_MESSAGE);
  let metadata: { budgetName?: unknown };
  let db: SQLite.Database;
  try {
    metadata = JSON.parse(metadataText.toString('utf8')) as { budgetName?: unknown };
    db = new SQLite(database);
  } catch {
    throw unprocessable(NOT_ACTUAL_MESSAGE);
  }
  try {
    return readDatabase(db, typeof metadata.budgetName === 'string' ? metadata.budgetName : 'Actual Budget');
  } catch (error) {
    if (error instanceof SQLite.SqliteError) throw unprocessable(`${NOT_ACTUAL_MESSAGE} (${error.message})`);
    throw error;
  } finally {
    db.close();
  }
}

function readDatabase(db: SQLite.Database, title: string): HistoryData {
  const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((t) => t.name));
  for (const needed of ['accounts', 'categories', 'category_groups', 'transactions']) {
    if (!tables.has(needed)) throw unprocessable(`${NOT_ACTUAL_MESSAGE} (its database has no ${needed} table)`);
  }
  const columns = (table: string) => new Set((db.prepare(`pragma table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name));
  const all = (text: string) => db.prepare(text).all() as Row[];
  const mapping = (table: string, column: string) =>
    tables.has(table) ? new Map(all(`select id, ${column} as target from ${table}`).map((r) => [String(r.id), String(r.target)])) : new Map<string, string>();
  const categoryMap = mapping('category_mapping', 'transferId');
  const payeeMap = mapping('payee_mapping', 'targetId');
  const payees = tables.has('payees') ? new Map(all('select id, name from payees').map((p) => [String(p.id), String(p.name ?? '')])) : new Map<string, string>();

  const groups = new Map(all('select id, name, is_income from category_groups where tombstone = 0').map((g) => [String(g.id), { name: String(g.name), income: Number(g.is_income) === 1 }]));
  const categories = new Map(
    all('select id, name, cat_group, is_income from categories where tombstone = 0').map((c) => [
      String(c.id),
      { group: groups.get(String(c.cat_group))?.name ?? 'Other', name: String(c.name), income: Number(c.is_income) === 1 || groups.get(String(c.cat_group))?.income === true },
    ]),
  );
  const accountRows = all(`select * from accounts where tombstone = 0`);
  const accounts = new Map<string, HistoryAccount>(
    accountRows.map((a) => [String(a.id), { name: String(a.name), openingBalance: 0, firstDate: null, closed: Number(a.closed ?? 0) === 1, offBudget: Number(a.offbudget ?? 0) === 1 }]),
  );

  const budgetTable = ['zero_budgets', 'reflect_budgets'].find((t) => tables.has(t) && (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n > 0);
  const assignments: HistoryAssignment[] = [];
  for (const row of budgetTable ? all(`select month, category, amount from ${budgetTable}`) : []) {
    const category = categories.get(categoryMap.get(String(row.category)) ?? String(row.category));
    if (!category || category.income) continue;
    assignments.push({ month: monthOf(row.month as number), group: category.group, name: category.name, amount: Number(row.amount ?? 0) });
  }

  const txColumns = columns('transactions');
  const isParent = txColumns.has('isParent') ? 'isParent' : 'is_parent';
  const startingFlag = txColumns.has('starting_balance_flag') ? 'starting_balance_flag' : '0';
  const skipped: UnmappedRow[] = [];
  const transactions: HistoryTransaction[] = [];
  for (const row of all(
    `select id, acct, date, amount, category, description, notes, transferred_id, ${startingFlag} as starting
       from transactions where tombstone = 0 and coalesce(${isParent}, 0) = 0 order by date, sort_order desc, id`,
  )) {
    const account = accounts.get(String(row.acct));
    const payee = payees.get(payeeMap.get(String(row.description)) ?? String(row.description)) ?? '';
    if (!account || typeof row.date !== 'number' || typeof row.amount !== 'number') {
      skipped.push({ date: String(row.date ?? ''), account: account?.name ?? '', description: payee, category: '', reason: 'its account is deleted or its date or amount is missing: left out' });
      continue;
    }
    const date = dateOf(row.date);
    const amount = row.amount;
    if (Number(row.starting) === 1 || /^starting balance$/i.test(payee)) {
      account.openingBalance += amount;
      account.firstDate = account.firstDate && account.firstDate < date ? account.firstDate : date;
      continue;
    }
    const category = row.category ? categories.get(categoryMap.get(String(row.category)) ?? String(row.category)) : undefined;
    const notes = typeof row.notes === 'string' ? row.notes.trim() : '';
    transactions.push({
      account: account.name,
      date,
      description: [payee, notes].filter(Boolean).join(' — ') || '(no payee)',
      withdrawal: amount < 0 ? -amount : 0,
      deposit: amount > 0 ? amount : 0,
      category: category && !category.income ? { group: category.group, name: category.name } : null,
      incomeName: category?.income ? category.name : null,
      reference: `ACTUAL-${String(row.id)}`,
    });
  }
  return { source: 'actual', title, accounts: [...accounts.values()], assignments, transactions, skipped };
}
