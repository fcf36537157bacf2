// Runs an async function over items with at most `n` at a time (bulk vends, auto top-up runs):
// enough in flight to keep the providers busy, not so many that one caller floods the pool.

/** `fn` over `items`, at most `n` at a time; the results in the order of the items. */
export async function mapLimit<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}
