import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { listenTo, type Listening } from '../db/pg-listen.ts';
import type { Database } from '../db/schema.ts';
import { SharedPromise } from '../shared-promise.ts';
import { isPromotionActive, type PromotionWindow } from './promotion-window.ts';

/**
 * What pages and kept bags priced from the catalog depend on, as one string two instances agree on: the catalog's
 * version (migration 013; raised by the import, the seed, a restock, and by triggers on every write to promotions
 * and free-gift promotions, migrations 014 and 016) and the promotions and free-gift promotions active at `now`. The
 * second part is how a page learns that a promotion's start or end time passed: nothing is written then, but the set
 * of active promotions changes; the times are known in advance, so it is worked out from the windows kept in memory.
 */
interface CatalogWindows {
  version: number;
  promotions: readonly (PromotionWindow & { id: string })[];
  bonus: readonly (PromotionWindow & { id: string })[];
}

const stampAt = (w: CatalogWindows, now: string) => {
  const active = (list: CatalogWindows['promotions']) =>
    list
      .filter((p) => isPromotionActive(p, now))
      .map((p) => p.id)
      .join(',');
  return `${w.version}:${active(w.promotions)}:${active(w.bonus)}`;
};

/** The version and every promotion's and free-gift promotion's window, in one statement. */
async function readWindows(db: Db): Promise<CatalogWindows> {
  const { rows } = await sql<{ kind: 'v' | 'p' | 'b'; id: string; starts_at: string | null; ends_at: string | null }>`
    select 'v' as kind, cast(version as text) as id, null as starts_at, null as ends_at from catalog_state where id = 1
    union all select 'p', id, starts_at, ends_at from promotions
    union all select 'b', id, starts_at, ends_at from bonus_promotions`.execute(db.kysely);
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const version = rows.find((r) => r.kind === 'v');
  return {
    version: Number(version?.id ?? 0),
    promotions: rows.filter((r) => r.kind === 'p').sort(byId),
    bonus: rows.filter((r) => r.kind === 'b').sort(byId),
  };
}

/** The stamp as the database holds it now: one statement (what an instance's kept stamp is checked against). */
export async function queryCatalogStamp(db: Db, now = new Date().toISOString()): Promise<string> {
  return stampAt(await readWindows(db), now);
}

/**
 * How an instance keeps the stamp in memory and learns that it changed:
 * - PostgreSQL: a change of the catalog's version is notified (`NOTIFY catalog_version` from the transaction that
 *   raises it, migration 035) to every listening instance (db/pg-listen.ts); the windows are read again at the next
 *   stamp asked for after it. While the listening connection is lost, and every FALLBACK_MS anyway, the version is
 *   checked as on SQLite.
 * - SQLite: the store's processes share the file, with nothing to notify them: the version (one in-process
 *   statement) is checked when the stamp is asked for and the last check is older than CHECK_MS.
 * A change therefore reaches every instance within a second; a read of the stamp between changes sends nothing.
 */
const CATALOG_CHANNEL = 'catalog_version';
const CHECK_MS = 500;
const FALLBACK_MS = 30_000;

interface Watch {
  windows: SharedPromise<CatalogWindows>;
  checkedAt: number;
  listening: Listening | undefined;
}

const watches = new WeakMap<Db, Watch>();

function watchOf(db: Db): Watch {
  let w = watches.get(db);
  if (!w) {
    const watch: Watch = { windows: new SharedPromise(), checkedAt: 0, listening: undefined };
    if (db.dialect === 'postgres') {
      // Read again at the next stamp asked for (one read in flight may have started before the change).
      watch.listening = listenTo(db, CATALOG_CHANNEL, () => watch.windows.forget());
    }
    watches.set(db, watch);
    w = watch;
  }
  return w;
}

async function currentWindows(db: Db, w: Watch, clock: number): Promise<CatalogWindows> {
  const due = clock - w.checkedAt >= (w.listening?.connected ? FALLBACK_MS : CHECK_MS);
  const kept = w.windows.current;
  if (kept && due) {
    w.checkedAt = clock;
    const [{ version }, held] = await Promise.all([readVersion(db), kept]);
    if (version !== held.version && w.windows.current === kept) w.windows.forget();
  }
  // A failed read is not kept: the next stamp asked for reads again.
  return w.windows.once(() => {
    w.checkedAt = clock;
    return readWindows(db);
  });
}

const readVersion = async (db: Db) =>
  db.kysely
    .selectFrom('catalog_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst()
    .then((r) => ({ version: Number(r?.version ?? 0) }));

/**
 * The catalog stamp at `now`, from the windows this instance keeps for `db` (read on first use and after a change,
 * as above): what each instance's page cache and its kept bags compare.
 */
export async function readCatalogStamp(db: Db, now = new Date().toISOString()): Promise<string> {
  return stampAt(await keptWindows(db), now);
}

async function keptWindows(db: Db): Promise<CatalogWindows> {
  const w = watchOf(db);
  // The first read waits for the listening connection: a change committed before it listened is then read too.
  if (w.listening) await w.listening.ready;
  return currentWindows(db, w, Date.now());
}

/** The catalog's version as this instance keeps it (as readCatalogStamp's): a change reaches it within a second. */
async function keptVersion(db: Db): Promise<number> {
  return (await keptWindows(db)).version;
}

/**
 * `read` kept per database handle for the catalog's version this instance knows (keptVersion), for catalog data a
 * page or a view reads at every request (the shipping methods): read again once the version moved. What is kept is at
 * least as new as its version; never for what an order is priced from (a placement reads the bag in its transaction).
 */
export function keptPerCatalogVersion<T>(read: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const kept = new WeakMap<Db, { version: number; value: SharedPromise<T> }>();
  return async (db) => {
    const version = await keptVersion(db);
    let entry = kept.get(db);
    if (!entry) {
      entry = { version, value: new SharedPromise<T>() };
      kept.set(db, entry);
    } else if (entry.version !== version) {
      entry.version = version;
      entry.value.forget();
    }
    // A failed read is not kept: the next call reads again.
    return entry.value.once(() => read(db));
  };
}

/** Stops keeping the stamp for `db` (its listening connection is closed): for a handle about to be destroyed. */
export async function stopCatalogWatch(db: Db): Promise<void> {
  const w = watches.get(db);
  watches.delete(db);
  await w?.listening?.close();
}

/**
 * Raises the catalog's version, inside the caller's transaction when given one: for writes that change what catalog
 * pages show (a restock, a new seed). Stock taken by orders does not call this: pages would be rendered again on
 * every order, and the purchase area confirms availability when it hydrates.
 */
export async function raiseCatalogVersion(conn: Kysely<Database>, now = new Date().toISOString()): Promise<void> {
  await conn
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1), changed_at: now }))
    .where('id', '=', 1)
    .execute();
}

/** The catalog's version (migration 013): raised by every catalog import that changes something. */
export async function catalogVersion(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('catalog_state').select('version').executeTakeFirst();
  return Number(row?.version ?? 0);
}
