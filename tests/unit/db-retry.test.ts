import { expect, it } from 'vitest';

/**
 * An app instance that starts before its database is reachable must not stay broken: a failed opening is not
 * kept, so the next request tries again (and, once it succeeds, everyone shares the one handle).
 */
it('a failed database opening is tried again at the next call, not cached', async () => {
  process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none'; // nothing listens on port 1
  const { getDb } = await import('#src/server/db/database.ts');
  const { engine } = await import('#src/server/commerce/engine.ts');
  const first = getDb();
  expect(getDb()).toBe(first); // while it is opening, callers share it
  await expect(first).rejects.toThrow();
  const second = getDb();
  expect(second).not.toBe(first);
  await expect(second).rejects.toThrow();
  const e1 = engine();
  await expect(e1).rejects.toThrow();
  expect(engine()).not.toBe(e1);
  await engine().catch(() => {});
});
