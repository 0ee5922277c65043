/**
 * The light quick-add page (`/quick-add`, the phone's home-screen app): the form is in the page's HTML, so it
 * paints before any script runs; this fills it (accounts, today, the date's allocations), suggests an
 * allocation from the description and saves. Plain DOM on purpose: see README, "Quick add".
 */
import { loadCredentials } from '../../../app/credentials';
import { allocationGroups } from '../../../shared/allocationGroups';
import { isWithin, today } from '../../../shared/dates';
import { parseMoney } from '../../../shared/money';
import type { Allocation, BudgetSummary } from '../../../shared/schemas/budgets';
import type { Transaction } from '../../../shared/schemas/transactions';
import type { Suggestions } from '../../../shared/schemas/transactionTools';
import {
  budgetHolding,
  defaultAccountId,
  type Direction,
  entryProblems,
  QUICK_ADD_NOT_SAVED,
  type QuickAddAccount,
  type QuickAddEntry,
  quickAddAccounts,
  quickAddBody,
  rememberAccount,
  rememberedAccount,
  savedMessage,
  SUGGEST_AFTER_MS,
  takesAllocation,
} from '../quickAddRules';
import { Refused, request, toLogin } from './lightClient';

const field = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function startQuickAddPage(): void {
  const credentials = loadCredentials();
  if (!credentials) return toLogin();

  const form = field<HTMLFormElement>('qa-form');
  const account = field<HTMLSelectElement>('qa-account');
  const date = field<HTMLInputElement>('qa-date');
  const description = field<HTMLInputElement>('qa-description');
  const amount = field<HTMLInputElement>('qa-amount');
  const allocation = field<HTMLSelectElement>('qa-allocation');
  const allocationField = field<HTMLElement>('qa-allocation-field');
  const suggested = field<HTMLElement>('qa-suggested');
  const message = field<HTMLElement>('qa-message');
  const save = field<HTMLButtonElement>('qa-save');

  let accounts: QuickAddAccount[] = [];
  let budgets: BudgetSummary[] = [];
  const allocationsOf = new Map<number, Promise<Allocation[]>>();
  let allocationChosen = false;
  let suggestTimer: ReturnType<typeof setTimeout> | undefined;

  const say = (text: string, problem = false) => {
    message.textContent = text;
    message.className = problem ? 'qa-message qa-problem' : 'qa-message';
    message.setAttribute('role', problem ? 'alert' : 'status');
  };
  const refusal = (error: unknown) => (error instanceof Refused ? error.reasons : [String(error)]);

  const entry = (): QuickAddEntry => ({
    bankAccountId: account.value ? Number(account.value) : null,
    date: date.value,
    description: description.value,
    amount: parseMoney(amount.value),
    direction: (form.elements.namedItem('direction') as RadioNodeList).value as Direction,
    allocationId: allocation.value ? Number(allocation.value) : null,
  });
  const selectedAccount = () => accounts.find((a) => String(a.id) === account.value);
  const budget = () => budgetHolding(budgets, date.value);

  const option = (value: string, text: string) => {
    const element = document.createElement('option');
    element.value = value;
    element.textContent = text;
    return element;
  };

  function showAllocations(list: Allocation[] | null, note: string) {
    allocation.replaceChildren(option('', list ? 'No allocation' : note));
    for (const group of allocationGroups(list ?? [])) {
      const optgroup = document.createElement('optgroup');
      optgroup.label = group.category;
      optgroup.append(...group.allocations.map((a) => option(String(a.id), a.name)));
      allocation.append(optgroup);
    }
    allocation.disabled = !list;
    allocationChosen = false;
    suggested.hidden = true;
  }

  /** The allocations of the budget holding the date (each budget's asked for once). */
  async function loadAllocations() {
    allocationField.hidden = !takesAllocation(selectedAccount());
    const holding = budget();
    if (!holding) return showAllocations(null, 'No budget covers this date');
    if (holding.status === 'closed') return showAllocations(null, 'This budget is closed');
    let list = allocationsOf.get(holding.id);
    if (!list) {
      list = request<Allocation[]>('GET', `/allocations?budget_id=${holding.id}`);
      allocationsOf.set(holding.id, list);
      list.catch(() => allocationsOf.delete(holding.id));
    }
    try {
      const loaded = await list;
      if (budget() === holding) showAllocations(loaded, '');
    } catch (error) {
      showAllocations(null, 'Allocations not available');
      say(refusal(error).join(' '), true);
    }
  }

  async function suggest() {
    const holding = budget();
    const text = description.value.trim();
    if (!holding || holding.status === 'closed' || !text || allocationChosen || allocation.disabled || allocationField.hidden) return;
    try {
      const { suggestions } = await request<Suggestions>('POST', '/transactions/suggestions', { budget_id: holding.id, descriptions: [text] });
      const id = suggestions[0]?.allocation_id;
      // Still the same question, and the person has not picked meanwhile.
      if (!id || allocationChosen || description.value.trim() !== text) return;
      allocation.value = String(id);
      suggested.hidden = allocation.value !== String(id);
    } catch {
      // A suggestion is a convenience: without one, the person picks.
    }
  }

  account.addEventListener('change', () => void loadAllocations());
  date.addEventListener('change', () => void loadAllocations());
  allocation.addEventListener('change', () => {
    allocationChosen = true;
    suggested.hidden = true;
  });
  description.addEventListener('input', () => {
    clearTimeout(suggestTimer);
    if (!allocationChosen) {
      allocation.value = '';
      suggested.hidden = true;
    }
    suggestTimer = setTimeout(() => void suggest(), SUGGEST_AFTER_MS);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const sent = entry();
    const problems = entryProblems(sent);
    if (problems.length) return say(`${QUICK_ADD_NOT_SAVED} ${problems.join(' ')}`, true);
    save.disabled = true;
    say('Saving…');
    try {
      const row = await request<Transaction>('POST', '/transactions/one', quickAddBody(sent));
      rememberAccount(credentials.uid, row.bank_account_id);
      // Ready for the next one: same account, date and direction.
      description.value = '';
      amount.value = '';
      allocation.value = '';
      allocationChosen = false;
      suggested.hidden = true;
      say(savedMessage(row));
      description.focus();
    } catch (error) {
      // The entry stays as typed, to correct or send again.
      say(`${QUICK_ADD_NOT_SAVED} ${refusal(error).join(' ')}`, true);
    } finally {
      save.disabled = false;
    }
  });

  // The budget of today, as last seen on this device: its allocations are asked for at once, with the accounts
  // and the budgets, instead of one round trip after them (checked against the budgets when they arrive).
  const budgetKey = `quickAddBudget:${credentials.uid}`;
  date.value = today();
  try {
    const last = JSON.parse(window.localStorage.getItem(budgetKey) ?? 'null') as BudgetSummary | null;
    if (last && last.status === 'open' && isWithin(date.value, last.start_date, last.end_date)) {
      const early = request<Allocation[]>('GET', `/allocations?budget_id=${last.id}`);
      allocationsOf.set(last.id, early);
      early.catch(() => allocationsOf.delete(last.id));
    }
  } catch {
    // Nothing remembered: asked once the budgets are known.
  }
  void (async () => {
    try {
      const [accountList, budgetList] = await Promise.all([request<QuickAddAccount[]>('GET', '/bank_accounts'), request<BudgetSummary[]>('GET', '/budgets')]);
      accounts = quickAddAccounts(accountList);
      budgets = budgetList;
      const current = budgetHolding(budgets, date.value);
      if (current) window.localStorage.setItem(budgetKey, JSON.stringify(current));
      else window.localStorage.removeItem(budgetKey);
      account.replaceChildren(...accounts.map((a) => option(String(a.id), a.name)));
      const chosen = defaultAccountId(accounts, rememberedAccount(credentials.uid));
      if (chosen !== null) account.value = String(chosen);
      if (accounts.length === 0) say('Add a bank account in the app first (Setup › Bank Accounts).', true);
      account.disabled = false;
      save.disabled = false;
      await loadAllocations();
      form.setAttribute('aria-busy', 'false');
    } catch (error) {
      say(refusal(error).join(' '), true);
    }
  })();
}
