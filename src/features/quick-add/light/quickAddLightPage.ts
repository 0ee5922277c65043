/**
 * The light quick-add page (`/quick-add`, the phone's home-screen app): the form is in the page's HTML, so it
 * paints before any script runs; this fills it (accounts, today, the date's allocations), suggests an
 * allocation from the description and saves. Plain DOM on purpose: see README, "Quick add".
 */
import { loadCredentials } from '../../../platform/credentials';
import { allocationGroups } from '../../../shared/allocationGroups';
import { isValidDate, isWithin, today, type DateOnly } from '../../../shared/dates';
import { formatMoney, parseMoney } from '../../../shared/money';
import type { Allocation } from '../../../shared/schemas/budgets';
import type { Transaction } from '../../../shared/schemas/transactions';
import type { QuickAddChoices, Suggestions } from '../../../shared/schemas/transactionTools';
import {
  defaultAccountId,
  type Direction,
  entryProblems,
  envelopesOf,
  partAdded,
  partsLeft,
  QUICK_ADD_NOT_SAVED,
  type QuickAddAccount,
  type QuickAddPart,
  type QuickAddEntry,
  quickAddAccounts,
  quickAddBody,
  rememberAccount,
  rememberedAccount,
  savedMessage,
  startSplit,
  SUGGEST_AFTER_MS,
  takesAllocation,
  takesEnvelope,
} from '../quickAddRules';
import { Refused, request, toLogin } from './lightClient';

const field = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/**
 * An entry whose save met an expired session: kept in this tab while the person signs in, and put back on the
 * form when the login page returns here (nothing typed is lost to a sign-in). It is kept with who typed it and
 * comes back only to them: someone else signing in on this phone never sees it.
 */
const KEPT_ENTRY = 'quickAddKeptEntry';
type KeptEntry = Record<'uid' | 'account' | 'date' | 'description' | 'amount' | 'direction' | 'allocation' | 'envelope', string> & {
  /** A split entry's parts (absent when not split). */
  parts?: QuickAddPart[];
};
function takeKeptEntry(uid: string): KeptEntry | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEPT_ENTRY) ?? 'null') as KeptEntry | null;
    window.sessionStorage.removeItem(KEPT_ENTRY);
    return kept && typeof kept.uid === 'string' && kept.uid.toLowerCase() === uid.toLowerCase() ? kept : null;
  } catch {
    return null;
  }
}

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
  const envelope = field<HTMLSelectElement>('qa-envelope');
  const envelopeField = field<HTMLElement>('qa-envelope-field');
  const suggested = field<HTMLElement>('qa-suggested');
  const message = field<HTMLElement>('qa-message');
  const save = field<HTMLButtonElement>('qa-save');
  const partsField = field<HTMLElement>('qa-parts-field');
  const partsList = field<HTMLElement>('qa-parts');
  const partsStatus = field<HTMLElement>('qa-parts-left');
  const splitButton = field<HTMLButtonElement>('qa-split');
  const addPart = field<HTMLButtonElement>('qa-add-part');
  /** A split entry's parts (issue 44); null while the entry is not split. */
  let parts: QuickAddPart[] | null = null;

  let accounts: QuickAddAccount[] = [];
  /** What the form offers for the date shown (one request per date: accounts, budget, allocations, envelopes). */
  let choices: QuickAddChoices | undefined;
  const choicesOf = new Map<DateOnly, Promise<QuickAddChoices>>();
  let allocationChosen = false;
  let kept = takeKeptEntry(credentials.uid);
  let suggestTimer: ReturnType<typeof setTimeout> | undefined;

  const say = (text: string, problem = false) => {
    message.textContent = text;
    message.className = problem ? 'qa-message qa-problem' : 'qa-message';
    message.setAttribute('role', problem ? 'alert' : 'status');
  };
  const refusal = (error: unknown) => (error instanceof Refused ? error.reasons : [String(error)]);

  const direction = () => form.elements.namedItem('direction') as RadioNodeList;
  const selectedAccount = () => accounts.find((a) => String(a.id) === account.value);
  const entry = (): QuickAddEntry => ({
    bankAccountId: account.value ? Number(account.value) : null,
    date: date.value,
    description: description.value,
    amount: parseMoney(amount.value),
    direction: direction().value as Direction,
    allocationId: allocation.value ? Number(allocation.value) : null,
    envelopeId: envelope.value ? Number(envelope.value) : null,
    ...(parts ? { parts } : {}),
  });
  /** The open budget holding the date shown, when its allocations are on offer. */
  const openBudget = () => (choices?.budget?.status === 'open' && isWithin(date.value, choices.budget.start_date, choices.budget.end_date) ? choices.budget : undefined);

  const option = (value: string, text: string) => {
    const element = document.createElement('option');
    element.value = value;
    element.textContent = text;
    return element;
  };

  function showAllocations(list: Allocation[] | null, note: string) {
    // Another account (or another day of the same budget) offers the same allocations: what was chosen or
    // suggested stays chosen.
    const kept = { value: allocation.value, chosen: allocationChosen, suggested: !suggested.hidden };
    allocation.replaceChildren(option('', list ? 'No allocation' : note));
    for (const group of allocationGroups(list ?? [])) {
      const optgroup = document.createElement('optgroup');
      optgroup.label = group.category;
      optgroup.append(...group.allocations.map((a) => option(String(a.id), a.name)));
      allocation.append(optgroup);
    }
    allocation.disabled = !list;
    const stillOffered = list !== null && kept.value !== '' && list.some((a) => String(a.id) === kept.value);
    allocation.value = stillOffered ? kept.value : '';
    allocationChosen = stillOffered && kept.chosen;
    suggested.hidden = !(stillOffered && kept.suggested);
  }

  /** The picker a part copies its choices from: the envelopes on a sink fund's row, else the allocations. */
  const partPicker = () => (takesEnvelope(selectedAccount()) ? envelope : allocation);

  /** The parts drawn again from `parts`: each a picker, a memo, an amount and "Remove"; what they leave said below. */
  function showParts() {
    partsField.hidden = parts === null;
    splitButton.textContent = parts === null ? 'Split' : 'Unsplit';
    allocationField.hidden = parts !== null || !takesAllocation(selectedAccount());
    envelopeField.hidden = parts !== null || !takesEnvelope(selectedAccount());
    if (parts === null) return partsList.replaceChildren();
    const heading = takesEnvelope(selectedAccount()) ? 'Sink Fund Allocation' : 'Allocation';
    partsList.replaceChildren(
      ...parts.map((part, i) => {
        const box = document.createElement('div');
        box.className = 'qa-part';
        box.setAttribute('role', 'group');
        box.setAttribute('aria-label', `Part ${i + 1}`);
        const labelled = (text: string, control: HTMLElement) => {
          const label = document.createElement('label');
          label.append(text, control);
          return label;
        };
        const picker = partPicker().cloneNode(true) as HTMLSelectElement;
        picker.removeAttribute('id');
        picker.disabled = partPicker().disabled;
        picker.value = part.targetId === null ? '' : String(part.targetId);
        picker.addEventListener('change', () => (part.targetId = picker.value ? Number(picker.value) : null));
        const memo = document.createElement('input');
        memo.autocomplete = 'off';
        memo.value = part.memo;
        memo.addEventListener('input', () => (part.memo = memo.value));
        const money = document.createElement('input');
        money.inputMode = 'decimal';
        money.autocomplete = 'off';
        money.value = part.amount ? formatMoney(part.amount) : '';
        money.addEventListener('input', () => {
          part.amount = parseMoney(money.value);
          showPartsLeft();
        });
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'qa-secondary';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove part ${i + 1}`);
        remove.addEventListener('click', () => {
          parts = parts!.filter((other) => other !== part);
          showParts();
        });
        box.append(labelled(`${heading} of part ${i + 1}`, picker), labelled(`Memo of part ${i + 1}`, memo), labelled(`Amount of part ${i + 1}`, money), remove);
        return box;
      }),
    );
    showPartsLeft();
  }
  function showPartsLeft() {
    const left = partsLeft(entry());
    partsStatus.textContent = left === 0 ? 'The parts add up to the amount.' : `Not split: ${formatMoney(left)}`;
  }

  /** The allocation picker, or the envelope picker of a sink fund, filled from the date's choices. */
  function showPickers() {
    const chosen = selectedAccount();
    allocationField.hidden = parts !== null || !takesAllocation(chosen);
    envelopeField.hidden = parts !== null || !takesEnvelope(chosen);
    const budget = choices?.budget;
    if (!budget) showAllocations(null, 'No budget covers this date');
    else if (budget.status === 'closed') showAllocations(null, 'This budget is closed');
    else showAllocations(choices!.allocations, '');
    envelope.replaceChildren(option('', 'No sink fund allocation'), ...envelopesOf(choices?.sink_fund_allocations ?? [], chosen).map((e) => option(String(e.id), e.name)));
    // The parts' pickers offer what the account's rows take now (a choice no longer offered is left empty).
    if (parts !== null) {
      const offered = new Set([...partPicker().options].map((o) => o.value));
      for (const part of parts) if (part.targetId !== null && !offered.has(String(part.targetId))) part.targetId = null;
      showParts();
    }
  }

  /** Asks what the date offers (each date once); the first answer also fills the accounts. */
  async function loadChoices() {
    const day = date.value;
    if (!isValidDate(day)) return;
    // Only the budget depends on the date: another day of the same budget offers the same.
    if (choices && openBudget()) return showPickers();
    let answer = choicesOf.get(day);
    if (!answer) {
      answer = request<QuickAddChoices>('GET', `/transactions/one/choices?date=${day}`);
      choicesOf.set(day, answer);
      answer.catch(() => choicesOf.delete(day));
    }
    if (choices) showAllocations(null, 'Loading…');
    try {
      const loaded = await answer;
      if (date.value !== day) return;
      choices = loaded;
      if (account.disabled) fillAccounts(loaded);
      showPickers();
      if (kept) putBack(kept);
      form.setAttribute('aria-busy', 'false');
    } catch (error) {
      if (date.value !== day) return;
      choices = undefined;
      showAllocations(null, 'Allocations not available');
      say(refusal(error).join(' '), true);
    }
  }

  /** The kept entry, once the form offers its account and pickers (a choice no longer offered stays empty). */
  function putBack(entry: KeptEntry) {
    kept = null;
    if (accounts.some((a) => String(a.id) === entry.account)) account.value = entry.account;
    showPickers();
    allocation.value = entry.allocation;
    allocationChosen = allocation.value !== '';
    envelope.value = entry.envelope;
    if (Array.isArray(entry.parts)) {
      // A part's allocation or envelope no longer offered stays empty, as the entry's own does.
      const offered = new Set([...partPicker().options].map((choice) => choice.value).filter(Boolean));
      parts = entry.parts.map((part) => ({ ...part, targetId: offered.has(String(part.targetId)) ? part.targetId : null }));
      showParts();
    }
    say('Your entry is kept: check it and save it again.');
  }

  function fillAccounts(loaded: QuickAddChoices) {
    accounts = quickAddAccounts(loaded.bank_accounts);
    account.replaceChildren(...accounts.map((a) => option(String(a.id), a.name)));
    const chosen = defaultAccountId(accounts, rememberedAccount(credentials!.uid));
    if (chosen !== null) account.value = String(chosen);
    if (accounts.length === 0) say('Add a bank account in the app first (Setup › Bank Accounts).', true);
    account.disabled = false;
    save.disabled = false;
  }

  async function suggest() {
    const budget = openBudget();
    const text = description.value.trim();
    if (!budget || !text || allocationChosen || allocation.disabled || allocationField.hidden) return;
    try {
      const { suggestions } = await request<Suggestions>('POST', '/transactions/suggestions', { budget_id: budget.id, descriptions: [text] });
      const id = suggestions[0]?.allocation_id;
      // Still the same question, and the person has not picked meanwhile.
      if (!id || allocationChosen || description.value.trim() !== text) return;
      allocation.value = String(id);
      suggested.hidden = allocation.value !== String(id);
    } catch {
      // A suggestion is a convenience: without one, the person picks.
    }
  }

  account.addEventListener('change', showPickers);
  splitButton.addEventListener('click', () => {
    if (parts === null) {
      const current = entry();
      parts = startSplit(current, takesEnvelope(selectedAccount()) ? current.envelopeId : current.allocationId).parts!;
    } else parts = null;
    showParts();
  });
  addPart.addEventListener('click', () => {
    parts = partAdded(entry());
    showParts();
  });
  amount.addEventListener('input', () => parts !== null && showPartsLeft());
  date.addEventListener('change', () => void loadChoices());

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
    const fields: KeptEntry = {
      uid: credentials.uid,
      account: account.value,
      date: date.value,
      description: description.value,
      amount: amount.value,
      direction: direction().value,
      allocation: allocation.value,
      envelope: envelope.value,
      ...(parts ? { parts } : {}),
    };
    // Written before sending: a 401 leaves for the login page at once.
    window.sessionStorage.setItem(KEPT_ENTRY, JSON.stringify(fields));
    try {
      const row = await request<Transaction>('POST', '/transactions/one', quickAddBody(sent, selectedAccount()));
      rememberAccount(credentials.uid, row.bank_account_id);
      // Ready for the next one: same account, date and direction.
      description.value = '';
      amount.value = '';
      allocation.value = '';
      envelope.value = '';
      allocationChosen = false;
      suggested.hidden = true;
      parts = null;
      showParts();
      say(savedMessage(row));
      description.focus();
    } catch (error) {
      if (error instanceof Refused && error.signedOut) return;
      // The entry stays as typed, to correct or send again.
      say(`${QUICK_ADD_NOT_SAVED} ${refusal(error).join(' ')}`, true);
    } finally {
      save.disabled = false;
    }
    window.sessionStorage.removeItem(KEPT_ENTRY);
  });

  date.value = kept?.date || today();
  if (kept) {
    description.value = kept.description;
    amount.value = kept.amount;
    direction().value = kept.direction;
  }
  void loadChoices();
}
