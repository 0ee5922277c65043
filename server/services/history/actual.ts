import { isValidDate } from '../../../src/shared/dates';
import type { UnmappedRow } from '../../../src/shared/schemas/history';
import { unprocessable } from '../../errors';
import { type Cell, ForeignDatabase } from '../untrustedFiles/foreignDatabase';
import { unzip } from '../untrustedFiles/zip';
import type { AccountKind } from '../../../src/shared/schemas/history';
import { type HistoryAccount, type HistoryAssignment, type HistoryData, type HistoryTransaction, kindByName } from './historyData';

/** Actual's account types (older files keep them): its credit cards, loans and investments. */
function kindOf(type: Cell, name: string, offBudget: boolean): AccountKind {
  const text = textOf(type).toLowerCase();
  if (text === 'credit') return 'credit_card';
  if (text === 'mortgage' || text === 'debt') return 'liability';
  if (text === 'investment') return 'asset';
  return kindByName(name, offBudget);
}

const NOT_ACTUAL_MESSAGE = "This is not an Actual Budget export: choose the zip that Actual's Settings → Export data saves (it holds db.sqlite and metadata.json).";
const notActual = (why: string) => unprocessable(`${NOT_ACTUAL_MESSAGE} (${why})`);

/** Actual's YYYYMMDD number as a date, or null when it is not one. */
function dateOf(value: Cell): string | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return null;
  const text = String(value).padStart(8, '0');
  const date = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  return text.length === 8 && isValidDate(date) ? date : null;
}
/** Actual's YYYYMM number (or "YYYY-MM" text) as "YYYY-MM", or null when it is not a month. */
function monthOf(value: Cell): string | null {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).replace('-', '') : '';
  const month = `${text.slice(0, 4)}-${text.slice(4, 6)}`;
  return /^\d{6}$/.test(text) && isValidDate(`${month}-01`) ? month : null;
}
/** Cents are whole numbers; anything else (1.5, a text, 1e300 stored as a real) cannot be read as money. */
const centsOf = (value: Cell): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const textOf = (value: Cell) => (value === null ? '' : String(value));
const flagOf = (value: Cell) => Number(value ?? 0) === 1;

/**
 * Actual's split transactions: a parent row (the bank's) and its child rows (the parts, `parent_id`). A parent
 * is joined with the children on its account and day that are not deleted; a child whose parent is gone, or on
 * another account or day, stays a row of its own, and a parent without any such child stays out (as in Actual's
 * balances, which count the children).
 */
function splitsOf<Row extends { id: Cell; acct: Cell; date: Cell; parent_id?: Cell; sort_order?: Cell }>(rows: readonly Row[], isParent: (row: Row) => boolean) {
  const parents = new Map(rows.filter(isParent).map((row) => [textOf(row.id), row]));
  const childrenOf = new Map<string, Row[]>();
  const joined = new Set<Row>();
  for (const row of rows) {
    if (isParent(row) || row.parent_id === undefined || row.parent_id === null) continue;
    const parent = parents.get(textOf(row.parent_id));
    if (!parent || textOf(parent.acct) !== textOf(row.acct) || parent.date !== row.date) continue;
    childrenOf.set(textOf(row.parent_id), [...(childrenOf.get(textOf(row.parent_id)) ?? []), row]);
    joined.add(row);
  }
  // The parts in the order Actual keeps them (its sort order, then id).
  const order = (row: Row) => (typeof row.sort_order === 'number' ? row.sort_order : 0);
  for (const children of childrenOf.values()) children.sort((a, b) => order(a) - order(b) || (textOf(a.id) < textOf(b.id) ? -1 : 1));
  return { parents, childrenOf, joined };
}

/**
 * Actual Budget's export zip: its own SQLite database, read as Actual keeps it. Accounts, category groups and
 * categories, each month's budgeted amount per category (envelope budgeting's `zero_budgets`, or tracking's
 * `reflect_budgets`), and transactions (amounts in cents, dates as YYYYMMDD numbers; a split is a parent row
 * and its children, made one row with its parts; deleted rows are tombstoned). Payees and categories go through Actual's mapping tables
 * because merged ones keep their old ids there.
 */
export function readActual(zipBytes: Buffer): HistoryData {
  const files = unzip(zipBytes, ['db.sqlite', 'metadata.json']);
  const database = files?.get('db.sqlite');
  const metadataText = files?.get('metadata.json');
  if (!database || !metadataText) throw unprocessable(NOT_ACTUAL_MESSAGE);
  let metadata: { budgetName?: unknown };
  try {
    metadata = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(metadataText)) as { budgetName?: unknown };
  } catch {
    throw notActual('its metadata.json cannot be read');
  }
  const db = ForeignDatabase.open(database, notActual);
  if (!db) throw notActual('its db.sqlite is not an SQLite database');
  try {
    return readDatabase(db, typeof metadata.budgetName === 'string' ? metadata.budgetName : 'Actual Budget');
  } catch (error) {
    if (error instanceof Error && error.name === 'SqliteError') throw notActual(error.message);
    throw error;
  } finally {
    db.close();
  }
}

function readDatabase(db: ForeignDatabase, title: string): HistoryData {
  const tables = db.tables();
  for (const needed of ['accounts', 'categories', 'category_groups', 'transactions']) {
    if (!tables.has(needed)) throw notActual(`its database has no ${needed} table`);
  }
  const mapping = (table: string, column: string) =>
    tables.has(table) ? new Map(db.rows(table, { id: 'text', [column]: 'text' }).map((r) => [textOf(r.id), textOf(r[column])])) : new Map<string, string>();
  const categoryMap = mapping('category_mapping', 'transferId');
  const payeeMap = mapping('payee_mapping', 'targetId');
  const payeeRows = tables.has('payees') ? db.rows('payees', { id: 'text', name: 'text' }, { transfer_acct: 'text' }) : [];

  const groups = new Map(
    db
      .rows('category_groups', { id: 'text', name: 'text', is_income: 'value', tombstone: 'value' })
      .filter((g) => !flagOf(g.tombstone))
      .map((g) => [textOf(g.id), { name: textOf(g.name), income: flagOf(g.is_income) }]),
  );
  const categories = new Map(
    db
      .rows('categories', { id: 'text', name: 'text', cat_group: 'text', is_income: 'value', tombstone: 'value' })
      .filter((c) => !flagOf(c.tombstone))
      .map((c) => {
        const group = groups.get(textOf(c.cat_group));
        return [textOf(c.id), { group: group?.name ?? 'Other', name: textOf(c.name), income: flagOf(c.is_income) || group?.income === true }];
      }),
  );
  const categoryOf = (id: Cell) => (id === null ? undefined : categories.get(categoryMap.get(textOf(id)) ?? textOf(id)));
  const accounts = new Map<string, HistoryAccount>(
    db
      .rows('accounts', { id: 'text', name: 'text', tombstone: 'value' }, { closed: 'value', offbudget: 'value', type: 'text' })
      .filter((a) => !flagOf(a.tombstone))
      .map((a) => [
        textOf(a.id),
        { name: textOf(a.name), openingBalance: 0, firstDate: null, closed: flagOf(a.closed ?? 0), offBudget: flagOf(a.offbudget ?? 0), kind: kindOf(a.type ?? null, textOf(a.name), flagOf(a.offbudget ?? 0)) },
      ]),
  );
  // A transfer's payee has no name of its own, only the account it goes to: it reads "Transfer : <account>", as in YNAB.
  const payees = new Map(
    payeeRows.map((p) => {
      const to = p.transfer_acct ? accounts.get(textOf(p.transfer_acct)) : undefined;
      return [textOf(p.id), to && !textOf(p.name) ? `Transfer : ${to.name}` : textOf(p.name)];
    }),
  );

  const skipped: UnmappedRow[] = [];
  const budgetTable = ['zero_budgets', 'reflect_budgets'].find((t) => tables.has(t) && db.count(t) > 0);
  const assignments: HistoryAssignment[] = [];
  for (const row of budgetTable ? db.rows(budgetTable, { month: 'value', category: 'text', amount: 'value' }) : []) {
    const category = categoryOf(row.category);
    if (!category || category.income) continue;
    const month = monthOf(row.month);
    const amount = row.amount === null ? 0 : centsOf(row.amount);
    if (month === null || amount === null) {
      skipped.push({ origin: `${budgetTable} month ${textOf(row.month)}`, date: textOf(row.month), account: '', description: 'budgeted amount', category: `${category.group}: ${category.name}`, reason: 'its month or amount could not be read: left out' });
      continue;
    }
    assignments.push({ month, group: category.group, name: category.name, amount });
  }

  const rows = db
    .rows(
      'transactions',
      { id: 'text', acct: 'text', date: 'value', amount: 'value', category: 'text', description: 'text', notes: 'text', tombstone: 'value' },
      // Older files name the split's flags `is_parent` and `is_child`.
      { sort_order: 'value', isParent: 'value', is_parent: 'value', parent_id: 'text', starting_balance_flag: 'value', cleared: 'value', reconciled: 'value' },
    )
    .filter((row) => !flagOf(row.tombstone));
  type Row = (typeof rows)[number];
  const payeeOf = (row: Row) => payees.get(payeeMap.get(textOf(row.description)) ?? textOf(row.description)) ?? '';
  const { parents, childrenOf, joined } = splitsOf(rows, (row) => flagOf(row.isParent ?? row.is_parent ?? 0));

  const transactions: HistoryTransaction[] = [];
  const readable: Array<{ row: Row; account: HistoryAccount; payee: string; date: string; amount: number; children?: Array<{ row: Row; amount: number }> }> = [];
  for (const row of rows) {
    // A parent is the bank's row; its amount is its children's (Actual's balances count the children, never the parent).
    if (parents.has(textOf(row.id)) || joined.has(row)) continue;
    const account = accounts.get(textOf(row.acct));
    const payee = payeeOf(row);
    const date = dateOf(row.date);
    const amount = centsOf(row.amount);
    if (!account || date === null || amount === null) {
      skipped.push({ origin: `transaction ${textOf(row.id)}`, date: textOf(row.date), account: account?.name ?? '', description: payee, category: '', reason: 'its account is deleted or its date or amount cannot be read: left out' });
      continue;
    }
    readable.push({ row, account, payee, date, amount });
  }
  for (const [parentId, parent] of parents) {
    if (childrenOf.has(parentId)) continue;
    skipped.push({ origin: `transaction ${parentId}`, date: textOf(parent.date), account: accounts.get(textOf(parent.acct))?.name ?? '', description: payeeOf(parent), category: '', reason: 'a split whose parts are all deleted (Actual counts nothing for it): left out' });
  }
  for (const [parentId, children] of childrenOf) {
    const parent = parents.get(parentId)!;
    const account = accounts.get(textOf(parent.acct));
    const date = dateOf(parent.date);
    const amounts = children.map((child) => centsOf(child.amount));
    if (!account || date === null || amounts.some((amount) => amount === null)) {
      skipped.push({ origin: `transaction ${parentId}`, date: textOf(parent.date), account: account?.name ?? '', description: payeeOf(parent), category: '', reason: 'a split whose account is deleted or whose date or parts\' amounts cannot be read: left out' });
      continue;
    }
    const parts = children.map((row, i) => ({ row, amount: amounts[i]! }));
    readable.push({ row: parent, account, payee: payeeOf(parent), date, amount: parts.reduce((sum, part) => sum + part.amount, 0), children: parts });
  }
  // Actual's own order: by date, then its sort order (newest first), then id.
  const sortOrder = (row: Row) => (typeof row.sort_order === 'number' ? row.sort_order : 0);
  readable.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : sortOrder(b.row) - sortOrder(a.row) || (textOf(a.row.id) < textOf(b.row.id) ? -1 : 1)));
  const categoryFields = (row: Row) => {
    const category = categoryOf(row.category);
    return { category: category && !category.income ? { group: category.group, name: category.name } : null, incomeName: category?.income ? category.name : null };
  };
  for (const { row, account, payee, date, amount, children } of readable) {
    if (!children && (flagOf(row.starting_balance_flag ?? 0) || /^starting balance$/i.test(payee))) {
      account.openingBalance += amount;
      account.firstDate = account.firstDate && account.firstDate < date ? account.firstDate : date;
      continue;
    }
    const notes = textOf(row.notes).trim();
    transactions.push({
      origin: `transaction ${textOf(row.id)}`,
      account: account.name,
      date,
      description: [payee, notes].filter(Boolean).join(' — ') || '(no payee)',
      withdrawal: amount < 0 ? -amount : 0,
      deposit: amount > 0 ? amount : 0,
      ...(children ? { category: null, incomeName: null } : categoryFields(row)),
      reference: `ACTUAL-${textOf(row.id)}`,
      // Files without the column are taken as cleared, as Actual's own default is.
      cleared: flagOf(row.cleared ?? 1) || flagOf(row.reconciled ?? 0),
      ...(children
        ? {
            parts: children.map((child) => {
              // A part paid to another payee than its row's (a split transfer) keeps the payee in its memo.
              const childPayee = payeeOf(child.row);
              const memo = [childPayee === payee ? '' : childPayee, textOf(child.row.notes).trim()].filter(Boolean).join(' — ');
              return { origin: `transaction ${textOf(child.row.id)}`, amount: child.amount, ...categoryFields(child.row), memo: memo || null };
            }),
          }
        : {}),
    });
  }
  return { source: 'actual', title, accounts: [...accounts.values()], assignments, transactions, skipped, exportedOn: null };
}
