/** How long a stamp read is used before it is read again: a change reaches every cache within this. */
export const STAMP_MAX_AGE_MS = 2000;

/**
 * The latest stamp, read again when older than maxAgeMs (concurrent requests share one read). A request waits for
 * the read only then, so an instance idle for an hour does not serve its first visitor an hour-old page.
 */
export function stampReader(read: () => Promise<string>, maxAgeMs = STAMP_MAX_AGE_MS, clock = Date.now): () => Promise<string> {
  let last: { stamp: string; at: number } | undefined;
  let reading: Promise<string> | undefined;
  return () => {
    if (last && clock() - last.at < maxAgeMs) return Promise.resolve(last.stamp);
    reading ??= (async () => {
      const at = clock();
      try {
        const stamp = await read();
        last = { stamp, at };
        return stamp;
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };
}
