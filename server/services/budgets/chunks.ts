/** Runs `work` over slices of `items`, keeping statements under the bound-parameter limits of both databases. */
export async function inChunks<T>(items: T[], work: (chunk: T[]) => Promise<unknown>, size = 500): Promise<void> {
  for (let i = 0; i < items.length; i += size) await work(items.slice(i, i + size));
}
