import type { CategorySpendingReport } from '../../../src/shared/schemas/reports';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { arrangeHousehold, expected, type Household } from './household';

describe.each(testDialects)('category spending report on %s', (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false, otherHousehold: true });
  let household: Household;
  beforeAll(async () => {
    household = await arrangeHousehold(ctx.server, ctx.user);
  });

  const spending = (query = '') => call<CategorySpendingReport>(ctx.server, ctx.user, { method: 'GET', url: `/reports/category_spending${query}` });

  const rowsOf = (key: keyof typeof expected.categorySpending) => {
    const category = household.categories[key];
    return (['nov', 'jan', 'feb', 'mar'] as const).map((month) => {
      const [budgeted, spent] = expected.categorySpending[key][month];
      return {
        budget_id: household.budgets[month].id,
        allocation_category_id: category.id,
        category_name: category.name,
        period: household.budgets[month].end_date.slice(0, 7),
        budgeted,
        spent,
        difference: budgeted - spent,
      };
    });
  };

  it('gives every category in every period, by category name then period, with the hand-computed figures', async () => {
    const response = await spending();
    expect(response.status).toBe(200);
    expect(response.body.fields).toEqual(['category_name', 'period', 'budgeted', 'spent', 'difference']);
    // "Food, …" sorts before "Home", "Saving" and "Travel".
    expect(response.body.data).toEqual([...rowsOf('food'), ...rowsOf('home'), ...rowsOf('saving'), ...rowsOf('travel')]);
  });

  it('narrows to one category', async () => {
    const response = await spending(`?category_id=${household.categories.food.id}&from=2026-01`);
    expect(response.body.data).toEqual(rowsOf('food').slice(1));
  });

  it("answers another household's category as not found", async () => {
    const theirs = await ctx.other.scope
      .insertInto('allocation_categories')
      .values({ household_id: ctx.other.householdId, name: 'Theirs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const id of [theirs.id, 999_999, 99_999_999_999]) {
      const response = await spending(`?category_id=${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, errors: ['Allocation Category not found'] });
    }
  });
});
