import Papa from 'papaparse';
import { draftFromTransaction } from '../../../src/features/transactions/draftRows';
import { summaryFigures } from '../../../src/features/transactions/summary';
import { parseMoney } from '../../../src/shared/money';
import { groupTotals, netWorthFigures } from '../../../src/shared/netWorth';
import type { AccountBalance } from '../../../src/shared/schemas/accountBalances';
import type { AllocationClass, Budget } from '../../../src/shared/schemas/budgets';
import type { CategorySpendingReport, NeedsVsWantsReport, NetWorthReport } from '../../../src/shared/schemas/reports';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { SinkFund } from '../../../src/shared/schemas/sinkFunds';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { checkCardWindow } from './cardInvariants';
import { features } from './features';
import { type Household, read, readText, storedRows } from './household';
import { balanceOf, envelopeBalanceOf, type Ledger, netWorthOf, spentOf } from './ledger';
import { rowKey } from './model';

/**
 * Every figure on every route that shows it, against the reference ledger; and every row the app acknowledged
 * still stored as acknowledged. Collects every disagreement, then fails naming them all.
 */
export async function checkInvariants(house: Household, ledger: Ledger): Promise<void> {
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) problems.push(`${what}: app ${String(actual)}, ledger ${String(expected)}`);
  };
  const accounts = await read<BankAccount[]>(house, '/bank_accounts?include_current_balance=true&include_closed=true');
  expect('accounts listed', accounts.map((a) => a.id).sort().join(), [...ledger.accounts.keys()].sort().join());
  const balancesPage = await read<AccountBalance[]>(house, '/account_balances?include_closed=true');
  const onBalancesPage = new Map(balancesPage.map((a) => [a.id, a]));
  const openBudgets = [...ledger.budgets.values()].filter((b) => b.status === 'open');

  for (const account of accounts) {
    if (!ledger.accounts.has(account.id)) continue;
    const balance = balanceOf(ledger, account.id);
    expect(`account ${account.id} current_balance on GET /bank_accounts`, account.current_balance, balance);
    expect(`account ${account.id} current_balance on GET /account_balances`, onBalancesPage.get(account.id)?.current_balance, balance);
    if (features.has('openingDate')) expect(`account ${account.id} opening_date`, (account as { opening_date?: string }).opening_date, ledger.accounts.get(account.id)!.openingDate);
    for (const budget of openBudgets) {
      const rows = (await read<Transaction[]>(house, `/transactions?bank_account_id=${account.id}&budget_id=${budget.id}`)).map(draftFromTransaction);
      const figures = summaryFigures({
        accountBalance: account.current_balance!,
        openingDate: account.opening_date,
        rows,
        savedRows: rows,
        isCreditCard: account.is_credit_card,
      });
      expect(`account ${account.id} Current Bank Balance in the window of budget ${budget.id}`, figures.currentBankBalance, balance);
      if (ledger.accounts.get(account.id)!.kind === 'card') await checkCardWindow(house, ledger, { id: account.id, balance }, budget, rows, figures, expect);
    }
    if (ledger.accounts.get(account.id)!.kind === 'sink') {
      const fund = await read<SinkFund>(house, `/sink_funds/${account.id}`);
      expect(`sink fund ${account.id} current_balance`, fund.current_balance, balance);
      let envelopes = 0;
      for (const envelope of fund.sink_fund_allocations) {
        envelopes += envelope.current_balance;
        expect(`envelope ${envelope.id} current_balance`, envelope.current_balance, envelopeBalanceOf(ledger, envelope.id));
      }
      expect(`sink fund ${account.id} envelopes + unassigned`, envelopes + fund.unassigned_balance, balance);
    }
  }

  const netWorth = netWorthOf(ledger);
  expect('net worth on Account Balances', netWorthFigures(groupTotals(balancesPage, (a) => a.current_balance)).netWorth, netWorth);
  const report = await read<NetWorthReport>(house, '/reports/net_worth');
  if (ledger.budgets.size > 0) expect("net worth report's latest period", report.data.at(-1)?.net_worth, netWorth);

  const budgets = await read<Array<{ id: number; status: string }>>(house, '/budgets');
  expect('budgets listed', budgets.map((b) => `${b.id}:${b.status}`).sort().join(), [...ledger.budgets.values()].map((b) => `${b.id}:${b.status}`).sort().join());
  const shownBudgets: Budget[] = [];
  for (const budget of ledger.budgets.values()) {
    const shown = await read<Budget>(house, `/budgets/${budget.id}`);
    shownBudgets.push(shown);
    const modelled = [...ledger.allocations.values()].filter((a) => a.budgetId === budget.id);
    expect(`budget ${budget.id} allocations`, shown.allocations.map((a) => a.id).sort().join(), modelled.map((a) => a.id).sort().join());
    for (const allocation of shown.allocations) {
      if (!ledger.allocations.has(allocation.id)) continue;
      expect(`allocation ${allocation.id} spent`, allocation.spent, spentOf(ledger, allocation.id));
      expect(`allocation ${allocation.id} amount`, allocation.amount, ledger.allocations.get(allocation.id)!.amount);
    }
  }
  await checkSpentElsewhere(house, shownBudgets, expect);

  const stored = await storedRows(house);
  for (const row of ledger.rows.values()) {
    const kept = stored.get(row.id);
    if (!kept) problems.push(`acknowledged row lost: ${rowKey(row)}`);
    else if (rowKey(kept) !== rowKey(row)) problems.push(`acknowledged row changed: ${rowKey(row)} is now ${rowKey(kept)}`);
  }
  for (const row of stored.values()) if (!ledger.rows.has(row.id)) problems.push(`row nobody wrote: ${rowKey(row)}`);

  if (problems.length > 0) throw new Error(`The app disagrees with the reference ledger:\n- ${problems.join('\n- ')}`);
}

export type Expect = (what: string, actual: unknown, expected: unknown) => void;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * "Spent" has one definition: the reports (Category Spending, Needs vs Wants) and the budgets spreadsheet say
 * what each budget's screen says, summed the way each groups it.
 */
async function checkSpentElsewhere(house: Household, budgets: Budget[], expect: Expect): Promise<void> {
  if (budgets.length === 0) return;
  const byId = new Map(budgets.map((budget) => [budget.id, budget]));
  const everyPeriod = 'from=1900-01';
  const categories = await read<CategorySpendingReport>(house, `/reports/category_spending?${everyPeriod}`);
  expect('budgets on Category Spending', new Set(categories.data.map((row) => row.budget_id)).size, budgets.length);
  for (const row of categories.data) {
    const lines = byId.get(row.budget_id)?.allocations.filter((a) => a.allocation_category_id === row.allocation_category_id) ?? [];
    expect(`Category Spending's spent of category ${row.allocation_category_id} in budget ${row.budget_id}`, row.spent, sum(lines.map((a) => a.spent)));
  }
  const classes = await read<NeedsVsWantsReport>(house, `/reports/needs_vs_wants?${everyPeriod}`);
  expect('budgets on Needs vs Wants', classes.data.length, budgets.length);
  for (const row of classes.data) {
    const lines = byId.get(row.budget_id)?.allocations ?? [];
    const spentOn = (kind: AllocationClass) => sum(lines.filter((a) => a.allocation_class === kind).map((a) => a.spent));
    const anySpent = (['need', 'want', 'savings'] as const).some((kind) => spentOn(kind) !== 0);
    expect(`Needs vs Wants' actual needs of budget ${row.budget_id}`, row.actual_needs, anySpent ? spentOn('need') : null);
    expect(`Needs vs Wants' actual savings of budget ${row.budget_id}`, row.actual_savings, anySpent ? spentOn('savings') : null);
  }
  const spreadsheet = spentInSpreadsheet(await readText(house, '/household/export/budgets.csv'));
  const shown = new Map<string, number>();
  for (const budget of budgets) {
    for (const a of budget.allocations) shown.set(`${budget.name} | ${a.name}`, (shown.get(`${budget.name} | ${a.name}`) ?? 0) + a.spent);
  }
  for (const [line, spent] of shown) expect(`budgets spreadsheet's spent of ${line}`, spreadsheet.get(line), spent);
  expect('allocation lines in the budgets spreadsheet', spreadsheet.size, shown.size);
}

/** The budgets spreadsheet's Spent per "budget | allocation", in cents. */
function spentInSpreadsheet(csv: string): Map<string, number> {
  const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trim(), { delimiter: ',' }).data;
  const at = (title: string) => header.indexOf(title);
  const spent = new Map<string, number>();
  for (const cells of lines) {
    if (cells[at('Line')] !== 'Allocation') continue;
    const line = `${cells[at('Budget')]} | ${cells[at('Name')]}`;
    spent.set(line, (spent.get(line) ?? 0) + parseMoney(cells[at('Spent')]));
  }
  return spent;
}
