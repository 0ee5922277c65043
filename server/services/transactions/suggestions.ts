import { sql } from 'kysely';
import { BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import type { Suggestion } from '../../../src/shared/schemas/transactionTools';
import type { Budget } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { countsAsSpendingSql } from '../spending';

/** How far back the household's own allocations are learned from: a year of monthly budgets. */
const HISTORY_BUDGETS = 12;

/** Bank exports decorate the same shop differently ("TESCO STORES 3271", "Tesco Stores 0044 LONDON"). */
const words = (description: string) =>
  description
    .toLowerCase()
    .replace(/[^a-z\s]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 1);

/** The description without numbers and punctuation, its first four words: the same shop, however the bank writes it. */
const descriptionKey = (description: string) => words(description).slice(0, 4).join(' ');
/** The first word alone: a looser match when the whole key was never seen ("tesco"). */
const merchantKey = (description: string) => words(description)[0] ?? '';

/** An allocation as it recurs from month to month: by name and category, not by id (each budget has its own). */
const lineKey = (name: string, categoryId: number) => `${categoryId}:${name.trim().toLowerCase()}`;

type Votes = Map<string, number>;

function vote(index: Map<string, Votes>, key: string, line: string, count: number) {
  if (!key) return;
  const votes = index.get(key) ?? new Map<string, number>();
  votes.set(line, (votes.get(line) ?? 0) + count);
  index.set(key, votes);
}

/** The line most rows with this key went to, with its votes and the total; a tie is no suggestion. */
function winner(votes: Votes | undefined): { line: string; votes: number; of: number } | null {
  if (!votes) return null;
  let best: { line: string; votes: number } | null = null;
  let tied = false;
  let of = 0;
  for (const [line, count] of votes) {
    of += count;
    if (!best || count > best.votes) {
      best = { line, votes: count };
      tied = false;
    } else if (count === best.votes) {
      tied = true;
    }
  }
  return best && !tied ? { ...best, of } : null;
}

interface SuggestionOptions {
  /** Learn only from budgets that start before this budget (replaying history); default: this one and earlier. */
  earlierOnly?: boolean;
}

/**
 * An allocation of `budget` for each description: the one most often given to the same description (or, failing
 * that, the same merchant) in the household's last HISTORY_BUDGETS budgets, found again in this budget by name and
 * category. Two statements whatever the number of descriptions: the history grouped by description and line,
 * and this budget's allocations. Nothing is saved: the screen shows them as suggestions to accept.
 */
export async function suggestAllocations(scope: HouseholdScope, budget: Budget, descriptions: string[], options: SuggestionOptions = {}): Promise<Suggestion[]> {
  const history = await scope
    .selectFrom('budgets')
    .innerJoin('allocations', 'allocations.budget_id', 'budgets.id')
    .innerJoin('transactions', 'transactions.allocation_id', 'allocations.id')
    .select([
      'transactions.description',
      'allocations.name',
      'allocations.allocation_category_id',
      sql<number>`count(*)`.as('n'),
    ])
    .where('budgets.start_date', options.earlierOnly ? '<' : '<=', budget.start_date)
    .where('budgets.start_date', '>=', (eb) =>
      eb
        .selectFrom('budgets as recent')
        .select(sql<string>`min(recent.start_date)`.as('since'))
        .where('recent.household_id', '=', scope.householdId)
        .where('recent.id', 'in', (inner) =>
          inner
            .selectFrom('budgets as b')
            .select('b.id')
            .where('b.household_id', '=', scope.householdId)
            .where('b.start_date', options.earlierOnly ? '<' : '<=', budget.start_date)
            .orderBy('b.start_date', 'desc')
            .limit(HISTORY_BUDGETS),
        ),
    )
    .where(countsAsSpendingSql('transactions.brought_forward_status'))
    .groupBy(['transactions.description', 'allocations.name', 'allocations.allocation_category_id'])
    .execute();

  const byDescription = new Map<string, Votes>();
  const byMerchant = new Map<string, Votes>();
  for (const row of history) {
    const line = lineKey(row.name, row.allocation_category_id);
    vote(byDescription, descriptionKey(row.description), line, row.n);
    vote(byMerchant, merchantKey(row.description), line, row.n);
  }

  const lines = await scope.selectFrom('allocations').select(['id', 'name', 'allocation_category_id']).where('budget_id', '=', budget.id).execute();
  const idOfLine = new Map(lines.map((line) => [lineKey(line.name, line.allocation_category_id), line.id]));

  return descriptions.map((description) => {
    const found = winner(byDescription.get(descriptionKey(description))) ?? winner(byMerchant.get(merchantKey(description)));
    const allocationId = found ? (idOfLine.get(found.line) ?? null) : null;
    return { description, allocation_id: allocationId, votes: allocationId ? found!.votes : 0, of: allocationId ? found!.of : 0 };
  });
}

export async function suggestionsFor(scope: HouseholdScope, budgetId: number, descriptions: string[]): Promise<Suggestion[]> {
  const budget = await scope.find('budgets', budgetId, BUDGET_NOT_FOUND_MESSAGE);
  return suggestAllocations(scope, budget, descriptions);
}
