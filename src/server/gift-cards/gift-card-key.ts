import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { config, ConfigError, isLoopbackHostname, storeOrigin } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { handleOf, type Tx } from '../db/transaction.ts';

/**
 * The key of the keyed hashes gift card numbers and PINs are stored as. From GIFT_CARD_KEY: kept outside the
 * database, so a copy of the database alone cannot be searched for a card's 4-digit PIN. A store on loopback (npm run
 * dev, the tests) without one makes a key once and keeps it in app_secrets, as it does its other secrets; a store with
 * a public origin refuses to issue or check a card without GIFT_CARD_KEY.
 */
const SECRET_NAME = 'gift-card-key';

/**
 * A stored key, once read, per database handle: it never changes once stored, so each check of a card does not ask
 * for it again. Only a key found already stored is kept: one this transaction made is not, since the transaction may
 * still roll back and take it away.
 */
const stored = new WeakMap<Kysely<Database>, Buffer>();
const made = new WeakSet<Tx>();

export async function giftCardKey(tx: Tx): Promise<Buffer> {
  const configured = config().GIFT_CARD_KEY;
  if (configured) return Buffer.from(configured, 'base64url');
  if (!isLoopbackHostname(new URL(storeOrigin()).hostname)) {
    throw new ConfigError('GIFT_CARD_KEY must be set for a store with a public origin (see .env.example).');
  }
  // The handle a write transaction was opened on, or the handle itself outside one.
  const handle = handleOf(tx) ?? (tx.isTransaction ? undefined : (tx as Kysely<Database>));
  const kept = handle && stored.get(handle);
  if (kept) return kept;
  const find = () => tx.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  let row = await find();
  if (row && handle && !made.has(tx)) stored.set(handle, Buffer.from(row.value, 'base64url'));
  if (!row) {
    // Two instances making it at once: the first insert wins and both read it back.
    await tx
      .insertInto('app_secrets')
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    made.add(tx);
    row = await find();
  }
  if (!row) throw new Error('the gift card key could not be stored');
  return Buffer.from(row.value, 'base64url');
}
