import type { MassUpdateBody } from '../../../src/shared/schemas/budgets';
import { BUDGET_CLOSED_MESSAGE, BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import type { HouseholdScope } from '../../db/scope';
import { notFound } from '../../errors';
import { type StoredRow, writeRowSet } from '../../db/rowSet';
import { Refusals } from '../refusals';
import { BANK_ACCOUNT_UNKNOWN, CATEGORY_BLANK, CATEGORY_UNKNOWN, refuseDeletingUsedAllocations, refuseTooManyLines } from './lines';
import { bumpLockVersion } from './periods';

/**
 * POST /budgets/mass_update: one income or allocation line (by name) set across several open budgets from the
 * Future Budgets grid. Per entry: new + non-zero → create; existing + zero → delete; existing → new amount and
 * the line renamed to `name`; new + zero → nothing.
 */
export async function massUpdate(scope: HouseholdScope, body: MassUpdateBody): Promise<{ success: true }> {
  return scope.transaction(async (tx) => {
    const table = body.type === 'income' ? 'incomes' : 'allocations';
    const budgetIds = [...new Set(body.amounts.map((a) => a.budget_id))];
    const budgets = budgetIds.length
      ? await tx.selectFrom('budgets').select(['id', 'status']).where('id', 'in', budgetIds).execute()
      : [];
    if (budgets.length !== budgetIds.length) throw notFound(BUDGET_NOT_FOUND_MESSAGE);
    const refusals = new Refusals();
    if (budgets.some((b) => b.status === 'closed')) refusals.add(BUDGET_CLOSED_MESSAGE);

    const lineIds = body.amounts.map((a) => a.id).filter((id): id is number => !!id);
    const lines = lineIds.length
      ? await tx.selectFrom(table).selectAll().where(`${table}.id`, 'in', lineIds).execute()
      : [];
    const storedLine = new Map<number, StoredRow & { budget_id: number }>(lines.map((line) => [line.id, line]));
    const budgetOfLine = new Map(lines.map((line) => [line.id, line.budget_id]));
    const creates: Array<{ budget_id: number; amount: number }> = [];
    const updates: Array<{ id: number; amount: number }> = [];
    const deletes: number[] = [];
    body.amounts.forEach((entry, index) => {
      if (!entry.id) {
        if (entry.amount !== 0) creates.push({ budget_id: entry.budget_id, amount: entry.amount });
        return;
      }
      if (budgetOfLine.get(entry.id) !== entry.budget_id) {
        return refusals.add(`Line ${entry.id} is not part of budget ${entry.budget_id}`, `amounts.${index}.id`);
      }
      if (entry.amount === 0) deletes.push(entry.id);
      else updates.push({ id: entry.id, amount: entry.amount });
    });

    if (body.type === 'allocation') {
      const categoryId = body.allocation_category_id;
      if (creates.length > 0 && categoryId == null) refusals.add(CATEGORY_BLANK, 'allocation_category_id');
      if (categoryId != null && !(await tx.ownsAll('allocation_categories', [categoryId]))) {
        refusals.add(CATEGORY_UNKNOWN, 'allocation_category_id');
      }
      await refuseDeletingUsedAllocations(tx, deletes, refusals);
    } else if (body.bank_account_id != null && !(await tx.ownsAll('bank_accounts', [body.bank_account_id]))) {
      refusals.add(BANK_ACCOUNT_UNKNOWN, 'bank_account_id');
    }
    await refuseTooManyLines(tx, table, new Map(creates.map((c) => [c.budget_id, 1])), refusals);
    refusals.throwIfAny();

    const common = (c: { budget_id: number; amount: number }) => ({
      household_id: tx.householdId,
      budget_id: c.budget_id,
      name: body.name,
      amount: c.amount,
    });
    const plan = {
      deletes: deletes.map((id) => storedLine.get(id)!),
      updates: updates.map(({ id, amount }) => ({ before: storedLine.get(id)!, values: { name: body.name, amount } })),
    };
    const columns = { name: 'varchar', amount: 'bigint' } as const;
    if (body.type === 'income') {
      await writeRowSet(tx, 'incomes', columns, { ...plan, inserts: creates.map((c) => ({ ...common(c), bank_account_id: body.bank_account_id ?? null })) });
    } else {
      await writeRowSet(tx, 'allocations', columns, { ...plan, inserts: creates.map((c) => ({ ...common(c), allocation_category_id: body.allocation_category_id! })) });
    }
    const touched = new Set([...creates.map((c) => c.budget_id), ...[...updates.map((u) => u.id), ...deletes].map((id) => budgetOfLine.get(id)!)]);
    await bumpLockVersion(tx, [...touched]);
    return { success: true as const };
  });
}
