/**
 * Index building in steps: a build is a generator that yields between steps, run at once (`runAtOnce`, unit tests
 * and scripts) or with the event loop served between steps (`runInSteps`, the server's rebuild after a catalog
 * change), so requests keep being answered while 100 000 products are indexed.
 */
export type Steps<T> = Generator<void, T, void>;

export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs the steps, letting other work run whenever STEP_MS have passed since the last pause. */
const STEP_MS = 10;
export async function runInSteps<T>(steps: Steps<T>): Promise<T> {
  let since = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - since >= STEP_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

/** Sorts `items` in place by `compare` (stable merge sort), yielding every few thousand comparisons. */
export function* sortInSteps(items: Uint32Array, compare: (a: number, b: number) => number): Steps<Uint32Array> {
  const n = items.length;
  let from: Uint32Array = items;
  let to: Uint32Array = new Uint32Array(n);
  let count = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if (++count % 4096 === 0) yield;
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  if (from !== items) items.set(from);
  return items;
}
