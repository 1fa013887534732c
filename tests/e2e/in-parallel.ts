/**
 * Runs `task` for every item with at most `limit` of them in flight, and resolves with the results
 * in the items' order. For tests that send many independent requests and check each answer: the
 * server answers several at once (while one waits on PostgreSQL, another runs), so a walk of a few
 * hundred requests takes a fraction of the time it takes one at a time. After the first failure no
 * new item is started, and the failure is what the call rejects with.
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const runner = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
  return results;
}
