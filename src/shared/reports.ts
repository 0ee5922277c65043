/**
 * The reports' periods, date ranges and columns (api-and-domain §6), shared by the server (queries, CSV) and the
 * client (table, chart, range picker). A period is a budget's end date as YYYY-MM.
 */
import { daysInMonth, fromParts, isValidDate, type DateOnly } from './dates';

export type Period = string;

const PERIOD_RE = /^(\d{4})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function isPeriod(value: unknown): value is Period {
  if (typeof value !== 'string') return false;
  const match = PERIOD_RE.exec(value);
  if (!match) return false;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 1900 && year <= 9999 && month >= 1 && month <= 12;
}

/** A `from` or `to` of a report's range: a period (YYYY-MM) or a date (YYYY-MM-DD). */
export const isPeriodOrDate = (value: unknown): value is string => isPeriod(value) || isValidDate(value);

/** The period a budget reports under: its end date's month. */
export const periodOf = (endDate: DateOnly): Period => endDate.slice(0, 7);

/** "2026-03" → "Mar 2026" */
export function periodLabel(period: Period): string {
  const match = PERIOD_RE.exec(period);
  return match ? `${MONTHS[Number(match[2]) - 1]} ${match[1]}` : period;
}

/** The first day a range's `from` covers: a period starts on its month's first day. */
export const rangeStartDate = (from: string): DateOnly => (isPeriod(from) ? `${from}-01` : from);

/** The last day a range's `to` covers: a period runs to its month's last day. */
export function rangeEndDate(to: string): DateOnly {
  if (!isPeriod(to)) return to;
  const [year, month] = to.split('-').map(Number);
  return fromParts(year, month, daysInMonth(year, month));
}

/** Without `from`, a report shows this many budgets (the newest ones, or the newest up to `to`). */
export const DEFAULT_REPORT_BUDGETS = 12;

type ColumnKind = 'period' | 'text' | 'money' | 'percent';

export interface ReportColumn<Key extends string = string> {
  key: Key;
  /** The table's column title and the CSV header. */
  title: string;
  kind: ColumnKind;
}

/** A column as the original backend's `fields` described it: name, label and whether it holds numbers. */
export const describedField = (column: ReportColumn) => ({ name: column.key, label: column.title, numeric: column.kind === 'money' || column.kind === 'percent' });

export const netWorthColumns = [
  { key: 'period', title: 'Period', kind: 'period' },
  { key: 'net_change', title: 'Net Change', kind: 'money' },
  { key: 'net_worth', title: 'Net Worth', kind: 'money' },
] as const satisfies readonly ReportColumn[];

export const categorySpendingColumns = [
  { key: 'category_name', title: 'Category', kind: 'text' },
  { key: 'period', title: 'Period', kind: 'period' },
  { key: 'budgeted', title: 'Budgeted', kind: 'money' },
  { key: 'spent', title: 'Spent', kind: 'money' },
  { key: 'difference', title: 'Difference', kind: 'money' },
] as const satisfies readonly ReportColumn[];

export const SPENDING_CLASSES = ['needs', 'wants', 'savings'] as const;
type SpendingClass = (typeof SPENDING_CLASSES)[number];
export const BASES = ['budgeted', 'actual'] as const;
export type Basis = (typeof BASES)[number];

export const classTitles: Record<SpendingClass, string> = { needs: 'Needs', wants: 'Wants', savings: 'Savings' };
export const basisTitles: Record<Basis, string> = { budgeted: 'Budgeted', actual: 'Actual' };

/** Budgeted wants counts the unallocated income (the percentage rule): its two parts follow it, apart. */
const wantsParts = [
  { key: 'budgeted_wants_allocated', title: 'Wants Allocated', kind: 'money' },
  { key: 'budgeted_unallocated', title: 'Unallocated', kind: 'money' },
] as const satisfies readonly ReportColumn[];

/**
 * Actual wants by the original rule counts what is not yet spent (`actual_wants`, kept for the original client):
 * the screen shows what was spent on wants, and the income not spent, apart.
 */
const actualColumns = {
  wants: [
    { key: 'actual_wants_spent', title: 'Wants', kind: 'money' },
    { key: 'actual_wants_spent_percent', title: 'Wants %', kind: 'percent' },
  ],
  unspent: [
    { key: 'actual_unspent', title: 'Unspent', kind: 'money' },
    { key: 'actual_unspent_percent', title: 'Unspent %', kind: 'percent' },
  ],
} as const satisfies Record<string, readonly ReportColumn[]>;

const classColumns = (basis: Basis, spendingClass: SpendingClass): ReportColumn[] => [
  { key: `${basis}_${spendingClass}`, title: classTitles[spendingClass], kind: 'money' },
  { key: `${basis}_${spendingClass}_percent`, title: `${classTitles[spendingClass]} %`, kind: 'percent' },
];

const leading = [
  { key: 'period', title: 'Period', kind: 'period' },
  { key: 'income', title: 'Income', kind: 'money' },
] as const satisfies readonly ReportColumn[];

/** The Needs vs Wants columns of one basis, as the table shows them when that basis is chosen. */
export function needsVsWantsColumns(basis: Basis): ReportColumn[] {
  if (basis === 'actual') {
    return [...leading, ...classColumns('actual', 'needs'), ...actualColumns.wants, ...classColumns('actual', 'savings'), ...actualColumns.unspent];
  }
  return [...leading, ...classColumns('budgeted', 'needs'), ...classColumns('budgeted', 'wants'), ...wantsParts, ...classColumns('budgeted', 'savings')];
}

/**
 * Every Needs vs Wants column: both bases, each title naming its basis (the CSV carries both), the original
 * backend's actuals first, then the screen's actual wants and unspent.
 */
export const allNeedsVsWantsColumns: ReportColumn[] = [
  ...leading,
  ...[...needsVsWantsColumns('budgeted').slice(2), ...SPENDING_CLASSES.flatMap((spendingClass) => classColumns('actual', spendingClass))].map((column) => ({
    ...column,
    title: `${column.key.startsWith('actual') ? 'Actual' : 'Budgeted'} ${column.title}`,
  })),
  ...[...actualColumns.wants, ...actualColumns.unspent].map((column) => ({ ...column, title: `Actual ${column.title.replace('Wants', 'Wants Spent')}` })),
];
