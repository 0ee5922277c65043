import type { Allocation } from './schemas/budgets';

/** A budget's allocations grouped by category, the groups in category-name order and names in order inside each. */
export function allocationGroups<A extends Pick<Allocation, 'id' | 'name' | 'allocation_category'>>(allocations: readonly A[]): Array<{ category: string; allocations: A[] }> {
  const groups = new Map<string, A[]>();
  for (const allocation of allocations) {
    const category = allocation.allocation_category?.name ?? '';
    const group = groups.get(category) ?? [];
    group.push(allocation);
    groups.set(category, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => ({ category, allocations: list.sort((a, b) => a.name.localeCompare(b.name)) }));
}
