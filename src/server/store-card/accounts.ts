import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { withWriteTransaction, type Tx } from '../db/transaction.ts';
import { lastFour, numberHash } from '../gift-cards/card-numbers.ts';
import { giftCardKey } from '../gift-cards/gift-card-key.ts';
import { countFailure, GIFT_CARD_LIMITS, holdCounters, isLocked } from '../gift-cards/pin-lockout.ts';
import { availableCredit } from './ledger.ts';

/**
 * Store card accounts: found by the keyed hash of the number (the gift card key, card-numbers.ts), never by the
 * number, which is neither stored nor logged. A number pays when it is the signed-in shopper's own card, or, for
 * anyone else (a guest), when the billing ZIP code given with it is the account's: an unknown number and a wrong ZIP
 * take the same path and get the same answer, and each failure counts against the number and the client as a wrong
 * gift card PIN does (pin-lockout.ts), so a ZIP code cannot be guessed either.
 */

export interface StoreCardAccount {
  accountId: string;
  last4: string;
  firstName: string;
  lastName: string;
  /** Available credit (c_otb), cents. */
  availableCents: number;
  /** The card's reward points (c_rewards). */
  points: number;
}

export type StoreCardVerification = { ok: true; account: StoreCardAccount } | { ok: false; reason: 'refused' | 'too_many_tries' };

const zip5 = (postalCode: string) => postalCode.trim().slice(0, 5);

/** Opens an account for a number (the issuer's records, loaded by the seed scripts and the tests). */
export async function openStoreCardAccount(
  db: Db,
  input: {
    number: string;
    customerId: string | null;
    firstName: string;
    lastName: string;
    billingPostalCode: string;
    creditLimitCents: number;
    points?: number;
  },
): Promise<string> {
  return withWriteTransaction(db, async (tx) => {
    const id = randomUUID();
    await tx
      .insertInto('store_card_accounts')
      .values({
        id,
        number_hash: numberHash(await giftCardKey(tx), input.number),
        last4: lastFour(input.number),
        customer_id: input.customerId,
        holder_first_name: input.firstName,
        holder_last_name: input.lastName,
        billing_postal_code: zip5(input.billingPostalCode),
        credit_limit_cents: input.creditLimitCents,
        points: input.points ?? 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  });
}

type AccountRow = { id: string; last4: string; holder_first_name: string; holder_last_name: string; points: number };

const columns = ['id', 'last4', 'holder_first_name', 'holder_last_name', 'points', 'customer_id', 'billing_postal_code'] as const;

async function accountView(tx: Tx, row: AccountRow): Promise<StoreCardAccount> {
  return {
    accountId: row.id,
    last4: row.last4,
    firstName: row.holder_first_name,
    lastName: row.holder_last_name,
    availableCents: await availableCredit(tx, row.id),
    points: row.points,
  };
}

/** The signed-in customer's store card, or null when they hold none. */
export async function storeCardOf(db: Db, customerId: string): Promise<StoreCardAccount | null> {
  const row = await db.kysely.selectFrom('store_card_accounts').select(columns).where('customer_id', '=', customerId).executeTakeFirst();
  return row ? accountView(db.kysely, row) : null;
}

/** The account with this id (the one an approved application just opened, which a guest's bag pays with). */
export async function storeCardById(db: Db, accountId: string): Promise<StoreCardAccount | null> {
  const row = await db.kysely.selectFrom('store_card_accounts').select(columns).where('id', '=', accountId).executeTakeFirst();
  return row ? accountView(db.kysely, row) : null;
}

/** The account with this id, when it is the customer's (a saved store card chosen at payment). */
export async function ownStoreCard(db: Db, customerId: string, accountId: string): Promise<StoreCardAccount | null> {
  const row = await db.kysely
    .selectFrom('store_card_accounts')
    .select(columns)
    .where('id', '=', accountId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? accountView(db.kysely, row) : null;
}

/** Whether a store card number may pay for this shopper: their own card, or the account's billing ZIP code given. */
export async function verifyStoreCard(
  db: Db,
  input: { number: string; customerId: string | null; billingPostalCode: string | null; client: string },
  now = new Date(),
): Promise<StoreCardVerification> {
  return withWriteTransaction(db, async (tx) => {
    const hash = numberHash(await giftCardKey(tx), input.number);
    const held = await holdCounters(
      tx,
      [
        { key: `store-card:${hash}`, limit: GIFT_CARD_LIMITS.perCard },
        { key: `client:${input.client}`, limit: GIFT_CARD_LIMITS.perClient },
      ],
      now,
    );
    const row = await tx.selectFrom('store_card_accounts').select(columns).where('number_hash', '=', hash).executeTakeFirst();
    const given = Buffer.from(zip5(input.billingPostalCode ?? '').padEnd(5, ' '));
    const zipMatches = timingSafeEqual(given, Buffer.from((row?.billing_postal_code ?? '').padEnd(5, ' ')));
    const own = !!row && input.customerId !== null && row.customer_id === input.customerId;
    if (isLocked(held, now)) return { ok: false, reason: 'too_many_tries' };
    if (!row || !(own || zipMatches)) {
      await countFailure(tx, held, now);
      return { ok: false, reason: 'refused' };
    }
    return { ok: true, account: await accountView(tx, row) };
  });
}
