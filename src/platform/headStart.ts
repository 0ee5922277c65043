/**
 * The head start. index.html runs `src/head-start.ts` inline, in its head, before the app's first bundle has
 * arrived: with a session stored, it asks for the first screen's data and preloads the router's chunks. The
 * app's start (`boot.ts`) asks for the same addresses through the store, and the api's fetch takes the early
 * answers instead of asking again. Without it, on a phone, those requests wait for the first bundle to arrive
 * and run (about a second on the phone profile). No React, no Redux here: this file goes inline into the page.
 */
import { loadCredentials } from './credentials';
import { paths } from './paths';

const BUDGET_PATH = /^\/budgets\/(\d+)$/;
const CURRENT_BUDGET = '/budgets/current';

/** The route in the address bar (hash routing), without its query. */
export const hashPath = () => window.location.hash.replace(/^#/, '').split('?')[0] || paths.home;

/** Per signed-in person (the uid header), so that another person on this device never asks for a stranger's id. */
const currentBudgetKey = () => `currentBudget:${loadCredentials()?.uid ?? ''}`;
export const rememberedCurrentBudget = () => Number(window.localStorage.getItem(currentBudgetKey())) || undefined;
export const rememberCurrentBudget = (id: number) => window.localStorage.setItem(currentBudgetKey(), String(id));

/** The budget address at `path`, if it is one (`/budgets/12`). */
export const budgetOfPath = (path: string): number | undefined => {
  const match = BUDGET_PATH.exec(path);
  return match ? Number(match[1]) : undefined;
};

/**
 * What the signed-in app asks for first at `path`, before any page runs: the session check and, on a budget
 * address, the budget (on the current budget: which one is current, and the one this person saw last).
 */
export function firstRequests(path: string): string[] {
  if (path === paths.login || path === paths.logout) return [];
  const urls = ['/auth/validate_token'];
  if (path === paths.currentBudget) {
    urls.push(CURRENT_BUDGET);
    const remembered = rememberedCurrentBudget();
    if (remembered) urls.push(`/budgets/${remembered}`);
  }
  const budget = budgetOfPath(path);
  if (budget) urls.push(`/budgets/${budget}`);
  return urls;
}

interface EarlyAnswer {
  answer: Promise<Response>;
  askedAt: number;
}
declare global {
  interface Window {
    everycentEarlyAnswers?: Map<string, EarlyAnswer>;
  }
}

/**
 * Asked by the head start with the stored session's headers, as the api asks. Once `/budgets/current` answers,
 * that budget is asked for too (unless it already was): the start asks for it next, one round trip later. The
 * start is handed the current budget's answer only after that follow-up is under way, so that however fast its
 * code arrived (from the service worker's cache, say) it takes the head start's answer instead of asking twice.
 */
export function askEarly(urls: readonly string[], headers: Record<string, string>): void {
  const answers = new Map<string, EarlyAnswer>();
  const ask = (url: string) => {
    const answer = fetch(url, { headers: { ...headers, accept: 'application/json' } });
    // Unclaimed, a failed request must not surface as an unhandled rejection; the claimant still sees it.
    answer.catch(() => undefined);
    answers.set(url, { answer, askedAt: performance.now() });
    return answer;
  };
  const followUp = async (response: Response) => {
    try {
      const current = response.ok ? ((await response.clone().json()) as { budget_id?: unknown }) : undefined;
      const next = `/budgets/${String(current?.budget_id)}`;
      if (Number.isInteger(current?.budget_id) && !urls.includes(next)) ask(next);
    } catch {
      // Not the answer expected: the start asks for the budget itself.
    }
    return response;
  };
  for (const url of urls) {
    const answer = ask(url);
    if (url !== CURRENT_BUDGET) continue;
    const handedOver = answer.then(followUp);
    handedOver.catch(() => undefined);
    answers.set(url, { answer: handedOver, askedAt: answers.get(url)?.askedAt ?? performance.now() });
  }
  window.everycentEarlyAnswers = answers;
}

/** Only the start of the page takes them: an answer is never reused later, when the data may have changed. */
const EARLY_ANSWER_LIFETIME_MS = 10_000;

/**
 * The early answer to a GET of exactly this address, taken once (so a later request asks the server), or
 * undefined. Handed over as it came, failures included: the api treats it as its own request's answer.
 */
export function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  const answers = window.everycentEarlyAnswers;
  if (!answers || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return undefined;
  const key = `${url.pathname}${url.search}`;
  const early = answers.get(key);
  if (!early) return undefined;
  answers.delete(key);
  return performance.now() - early.askedAt <= EARLY_ANSWER_LIFETIME_MS ? early.answer : undefined;
}
