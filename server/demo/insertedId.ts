/** The id of the one row an `insert … returning('id')` wrote. */
export const insertedId = async (query: { executeTakeFirstOrThrow(): Promise<{ id: number }> }) => (await query.executeTakeFirstOrThrow()).id;
