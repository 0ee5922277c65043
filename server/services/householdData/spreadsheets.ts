import type { HouseholdExport } from '../../../src/shared/schemas/householdData';
import type { ReportColumn } from '../../../src/shared/reports';
import { partSpendingOf } from '../../../src/shared/splits';
import { spendingOf } from '../../../src/shared/transactionRules';

interface Target {
  withdrawal_amount: number;
  deposit_amount: number;
  allocation_id: number | null;
  sink_fund_allocation_id: number | null;
}
import { reportCsv } from '../reports/csv';

const transactionColumns = [
  { key: 'date', title: 'Date', kind: 'text' },
  { key: 'account', title: 'Account', kind: 'text' },
  { key: 'description', title: 'Description', kind: 'text' },
  { key: 'withdrawal', title: 'Withdrawal', kind: 'money' },
  { key: 'deposit', title: 'Deposit', kind: 'money' },
  { key: 'budget', title: 'Budget', kind: 'text' },
  { key: 'category', title: 'Category', kind: 'text' },
  { key: 'allocation', title: 'Allocation', kind: 'text' },
  { key: 'envelope', title: 'Envelope', kind: 'text' },
  { key: 'status', title: 'Status', kind: 'text' },
  { key: 'reference', title: 'Bank Reference', kind: 'text' },
] as const satisfies readonly ReportColumn[];

const budgetColumns = [
  { key: 'budget', title: 'Budget', kind: 'text' },
  { key: 'start', title: 'Start', kind: 'text' },
  { key: 'end', title: 'End', kind: 'text' },
  { key: 'status', title: 'Status', kind: 'text' },
  { key: 'line', title: 'Line', kind: 'text' },
  { key: 'category', title: 'Category', kind: 'text' },
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'class', title: 'Class', kind: 'text' },
  { key: 'amount', title: 'Amount', kind: 'money' },
  { key: 'spent', title: 'Spent', kind: 'money' },
] as const satisfies readonly ReportColumn[];

/** Every transaction, oldest first, with its account, budget line and envelope in words. */
export function transactionsCsv(data: HouseholdExport): string {
  const accounts = new Map(data.bank_accounts.map((a) => [a.id, a.name]));
  const envelopes = new Map(data.sink_fund_allocations.map((e) => [e.id, e.name]));
  const categories = new Map(data.allocation_categories.map((c) => [c.id, c.name]));
  const lines = new Map(data.budgets.flatMap((b) => b.allocations.map((a) => [a.id, { budget: b.name, allocation: a.name, category: categories.get(a.allocation_category_id) }] as const)));
  const line = (t: { transaction_date: string; bank_account_id: number; description: string; status: string; bank_ref: string }, target: Target) => {
    const allocation = target.allocation_id === null ? undefined : lines.get(target.allocation_id);
    return {
      date: t.transaction_date,
      account: accounts.get(t.bank_account_id),
      description: t.description,
      withdrawal: target.withdrawal_amount,
      deposit: target.deposit_amount,
      budget: allocation?.budget,
      category: allocation?.category,
      allocation: allocation?.allocation,
      envelope: target.sink_fund_allocation_id === null ? undefined : envelopes.get(target.sink_fund_allocation_id),
      status: t.status,
      reference: t.bank_ref,
    };
  };
  // A split row is a line per part ("Split (1/3)", as other budgeting tools write them), with the part's amount:
  // the lines of an account still add up to its rows.
  const rows = [...data.transactions]
    .sort((a, b) => a.transaction_date.localeCompare(b.transaction_date) || a.id - b.id)
    .flatMap((t) => {
      const parts = t.splits ?? [];
      if (parts.length === 0) return [line(t, t)];
      return parts.map((part, i) =>
        line(
          { ...t, description: `${t.description} (Split (${i + 1}/${parts.length})${part.memo ? `: ${part.memo}` : ''})` },
          { ...part, withdrawal_amount: Math.max(-part.amount, 0), deposit_amount: Math.max(part.amount, 0) },
        ),
      );
    });
  return reportCsv(transactionColumns, rows);
}

/** Every budget's incomes and allocations, one line each, with what was spent on each allocation (the budget's spent). */
export function budgetsCsv(data: HouseholdExport): string {
  const categories = new Map(data.allocation_categories.map((c) => [c.id, c.name]));
  const spent = new Map<number, number>();
  for (const t of data.transactions) {
    if (t.allocation_id !== null) spent.set(t.allocation_id, (spent.get(t.allocation_id) ?? 0) + spendingOf(t));
    for (const part of t.splits ?? []) {
      if (part.allocation_id !== null) spent.set(part.allocation_id, (spent.get(part.allocation_id) ?? 0) + partSpendingOf(t, part));
    }
  }
  const rows = [...data.budgets]
    .sort((a, b) => a.start_date.localeCompare(b.start_date))
    .flatMap((b) => {
      const budget = { budget: b.name, start: b.start_date, end: b.end_date, status: b.status };
      return [
        ...b.incomes.map((i) => ({ ...budget, line: 'Income', name: i.name, amount: i.amount })),
        ...b.allocations.map((a) => ({
          ...budget,
          line: 'Allocation',
          category: categories.get(a.allocation_category_id),
          name: a.name,
          class: a.allocation_class,
          amount: a.amount,
          spent: spent.get(a.id) ?? 0,
        })),
      ];
    });
  return reportCsv(budgetColumns, rows);
}
