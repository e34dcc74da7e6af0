/**
 * Like Promise.all, but a rejection is the first in the list's order, not in
 * time: it is reported once every promise before it has fulfilled. The build
 * compiles several pages at once, and of two broken pages it must always name
 * the same one, the first in source order, as one page at a time did. Every
 * promise is handled, so those still pending when one rejects never reject
 * unhandled.
 */
export async function allInOrder<T>(promises: Promise<T>[]): Promise<T[]> {
  for (const promise of promises) promise.catch(() => undefined);
  const values: T[] = [];
  for (const promise of promises) values.push(await promise);
  return values;
}
