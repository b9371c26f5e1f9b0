import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { promotionActiveAt } from './promotion-window.ts';

/**
 * What pages and kept bags priced from the catalog depend on, as one string two instances agree on: the catalog's
 * version (migration 013; raised by the import, the seed, a restock, and by triggers on every write to promotions
 * and free-gift promotions, migrations 014 and 016) and the promotions and free-gift promotions active at `now`. The
 * second part is how a page learns that a promotion's start or end time passed: nothing is written then, but the set
 * of active promotions changes. Three small queries, read by each instance's page cache and its kept bags every few
 * seconds (src/lib/stamp-reader.ts), never per request.
 */
export async function readCatalogStamp(db: Db, now = new Date().toISOString()): Promise<string> {
  const [state, active, bonus] = await Promise.all([
    db.kysely.selectFrom('catalog_state').select('version').where('id', '=', 1).executeTakeFirst(),
    db.kysely.selectFrom('promotions').select('id').where(promotionActiveAt('promotions', now)).orderBy('id').execute(),
    db.kysely.selectFrom('bonus_promotions').select('id').where(promotionActiveAt('bonus_promotions', now)).orderBy('id').execute(),
  ]);
  return `${Number(state?.version ?? 0)}:${active.map((p) => p.id).join(',')}:${bonus.map((p) => p.id).join(',')}`;
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
