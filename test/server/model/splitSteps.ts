import fc from 'fast-check';
import { type DraftRow, netOf, newSplitKey } from '../../../src/features/transactions/draftRows';
import type { Household } from './household';
import type { LedgerRow } from './ledger';
import type { Model } from './model';
import { accountAndBudget, allocationsOf, envelopesOf, inWindow, optional, readWindow, saveWindowRows, Step } from './commands';

/**
 * Issue 44's steps, kept apart from the other commands: a row of a window split into parts (each with an
 * allocation of the window's budget, an envelope of the account, or neither), split again differently, or
 * unsplit, through the window save as the screen sends it (`rowsToSave`). The ledger counts each part toward
 * its allocation and envelope (ledger.ts), so every figure is checked against the parts after each step.
 */
interface PartChoice {
  share: number;
  allocation: number;
  envelope: number;
}

const splittable = (row: LedgerRow) => row.carried === null && !row.manual;

class SplitRow extends Step {
  constructor(readonly p: { account: number; budget: number; row: number; unsplit: boolean; allocation: number; parts: PartChoice[] }) {
    super(p);
  }
  get name() {
    return this.p.unsplit ? 'unsplitRow' : 'splitRow';
  }
  private candidates(model: Readonly<Model>) {
    const { account, budget } = accountAndBudget(model, this.p);
    if (!account || !budget) return [];
    return [...model.ledger.rows.values()]
      .filter((row) => inWindow(row, account.id, budget) && splittable(row) && (!this.p.unsplit || (row.parts?.length ?? 0) > 0))
      .sort((a, b) => a.id - b.id);
  }
  protected possible(model: Readonly<Model>) {
    return this.candidates(model).length > 0;
  }
  protected async act(model: Model, house: Household) {
    const { account, budget } = accountAndBudget(model, this.p);
    const candidates = this.candidates(model);
    const chosen = candidates[this.p.row % candidates.length];
    const window = await readWindow(model, house, account!.id, budget!.id);
    const kept = window.rows.map((row): DraftRow => (row.id === chosen.id ? this.changed(model, row, account!.id, budget!.id) : row));
    await saveWindowRows(model, house, this.name, { accountId: account!.id, budget: budget!, lockVersion: window.lockVersion, stale: null }, kept, []);
  }
  private changed(model: Model, row: DraftRow, accountId: number, budgetId: number): DraftRow {
    const allocations = allocationsOf(model.ledger, budgetId);
    if (this.p.unsplit) return { ...row, splits: [], allocation_id: optional(allocations, this.p.allocation)?.id ?? null, sink_fund_allocation_id: null };
    // The row's net divided by the shares, the last part taking what is left (as the screen proposes it).
    const net = netOf(row);
    const total = this.p.parts.reduce((sum, part) => sum + part.share, 0) || 1;
    let left = net;
    const splits = this.p.parts.map((choice, i) => {
      const amount = i === this.p.parts.length - 1 ? left : Math.trunc((net * choice.share) / total);
      left -= amount;
      const envelope = optional(envelopesOf(model.ledger, accountId), choice.envelope);
      const allocation = envelope ? null : optional(allocations, choice.allocation);
      // A re-split keeps the ids of the parts it still has: those parts are updated, the others added or dropped.
      const before = row.splits?.[i];
      return { key: before?.key ?? newSplitKey(), id: before?.id ?? null, amount, allocation_id: allocation?.id ?? null, sink_fund_allocation_id: envelope?.id ?? null, memo: `part ${i + 1}` };
    });
    return { ...row, allocation_id: null, sink_fund_allocation_id: null, splits };
  }
}

const index = fc.nat(9);
const partChoice = fc.record({ share: fc.nat(100), allocation: index, envelope: index });

export const splitArbitraries: Array<fc.Arbitrary<SplitRow>> = [
  fc
    .record({ account: index, budget: index, row: index, unsplit: fc.constant(false), allocation: index, parts: fc.array(partChoice, { minLength: 2, maxLength: 3 }) })
    .map((p) => new SplitRow(p)),
  fc.record({ account: index, budget: index, row: index, unsplit: fc.constant(true), allocation: index, parts: fc.constant<PartChoice[]>([]) }).map((p) => new SplitRow(p)),
];
