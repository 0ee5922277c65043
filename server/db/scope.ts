import { type DeleteQueryBuilder, type DeleteResult, type Kysely, type SelectQueryBuilder, sql, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { notFound, unauthorized } from '../errors';
import { chunked } from './chunks';
import { isPostgres } from './dialect';
import type { Database, HouseholdTable } from './schema';

type Executor = Kysely<Database>;

interface Actor {
  userId: number;
  sessionId: number;
}

const belongsTo = (table: HouseholdTable, householdId: number) =>
  sql<boolean>`${sql.ref(`${table}.household_id`)} = ${householdId}`;

/**
 * The data access layer every route goes through: each query it starts is already limited to the caller's
 * household, so a row of another household behaves exactly like a missing one.
 */
export class HouseholdScope {
  constructor(
    readonly db: Executor,
    readonly householdId: number,
    /** Who acts through this scope: the signed-in user and session (null for the CLI and fixtures). */
    readonly actor: Actor | null = null,
  ) {}

  /** The acting session, which lock versions remember (lockVersions.ts). */
  get sessionId(): number | null {
    return this.actor?.sessionId ?? null;
  }

  // The casts only name what kysely infers for a single table name (its alias is the name itself).
  selectFrom<T extends HouseholdTable>(table: T): SelectQueryBuilder<Database, T, object> {
    const query = this.db.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, object>;
    return query.where(belongsTo(table, this.householdId));
  }

  updateTable<T extends HouseholdTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    const query = this.db.updateTable(table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
    return query.where(belongsTo(table, this.householdId));
  }

  deleteFrom<T extends HouseholdTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
    const query = this.db.deleteFrom(table) as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
    return query.where(belongsTo(table, this.householdId));
  }

  /** Inserts must still name `household_id: scope.householdId`; the column is NOT NULL so forgetting it fails to compile. */
  insertInto<T extends HouseholdTable>(table: T) {
    return this.db.insertInto(table);
  }

  /** Runs `work` in one database transaction with a scope bound to it (nested calls reuse the open one). */
  async transaction<R>(work: (scope: HouseholdScope) => Promise<R>): Promise<R> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute(async (trx) => {
      const scope = new HouseholdScope(trx, this.householdId, this.actor);
      await scope.lockHousehold();
      await scope.requireLiveSession();
      return work(scope);
    });
  }

  /**
   * The request was authenticated before its transaction began; since then its person may have been removed or
   * signed out everywhere. Those changes end the sessions inside a write transaction of the household, so,
   * checked after the household lock, a session still here was not ended by anything already acknowledged.
   */
  private async requireLiveSession(): Promise<void> {
    if (!this.actor) return;
    const session = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', this.actor.sessionId)
      .where('user_id', '=', this.actor.userId)
      .executeTakeFirst();
    if (!session) throw unauthorized();
  }

  /**
   * Serialises the household's write transactions on PostgreSQL (SQLite runs one at a time already). Two
   * concurrent requests cannot both pass the same check (closing twice at once would roll every balance
   * twice), and two writers cannot deadlock on the household row that the revision triggers update.
   */
  private async lockHousehold(): Promise<void> {
    if (!isPostgres(this.db)) return;
    await this.db.selectFrom('households').select('id').where('id', '=', this.householdId).forUpdate().execute();
  }

  /** The row with this id in this household, or a 404 with `message`. */
  async find<T extends HouseholdTable>(table: T, id: number, message = 'Not found') {
    const row = await this.selectFrom(table)
      .selectAll()
      .where(sql<boolean>`${sql.ref(`${table}.id`)} = ${id}`)
      .executeTakeFirst();
    if (!row) throw notFound(message);
    return row;
  }

  /**
   * The ids among `ids` that are rows of `table` in this household (and, with `within`, whose `column` is that
   * owner: an allocation of this budget, an envelope of this account). How every id arriving inside a request
   * body is checked: anything else is another household's, another owner's, or no row at all.
   */
  async ownedIds(table: HouseholdTable, ids: Iterable<number | null | undefined>, within?: { column: string; id: number }): Promise<Set<number>> {
    const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
    const owned = new Set<number>();
    for (const part of chunked(wanted)) {
      let query = this.selectFrom(table)
        .select(sql<number>`${sql.ref(`${table}.id`)}`.as('id'))
        .where(sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(part)})`);
      if (within) query = query.where(sql<boolean>`${sql.ref(`${table}.${within.column}`)} = ${within.id}`);
      for (const row of await query.execute()) owned.add(Number(row.id));
    }
    return owned;
  }

  /** True when every id given (nulls are "none") is a row of `table` in this household. */
  async ownsAll(table: HouseholdTable, ids: Iterable<number | null | undefined>, within?: { column: string; id: number }): Promise<boolean> {
    const wanted = new Set([...ids].filter((id): id is number => typeof id === 'number'));
    if (wanted.size === 0) return true;
    return (await this.ownedIds(table, wanted, within)).size === wanted.size;
  }
}
