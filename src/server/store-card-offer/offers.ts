import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { StoreCardPrescreenTable } from '../db/schema-store-cards.ts';
import { Refusal } from '../refusal.ts';
import { openStoreCardAccount, storeCardById, storeCardOf, type StoreCardAccount } from '../store-card/accounts.ts';
import {
  afterEvent,
  APPLICATION_MESSAGES,
  type Application,
  type ApplicationResult,
  type GuestPreScreenData,
  type OfferEvent,
  type StoreCardOffer,
} from '#src/lib/store-card-offer/offer-rules.ts';
import type { CreditBureau } from './credit-bureau.ts';

/**
 * The offers' records (migrations 039 and 040): one pre-screen per session and bag, claimed before the bureau is
 * asked, so the bureau is asked at most once however often, or however many times at once, the payment step asks;
 * one application per offer, claimed the same way. Nothing of the applicant is kept here.
 */
export interface OfferOwner {
  sessionId: string;
  basketId: string;
  customerId: string | null;
}

type Row = Pick<StoreCardPrescreenTable, 'id' | 'outcome' | 'bureau_reference' | 'credit_limit_cents' | 'viewed' | 'declines'>;
const columns = ['id', 'outcome', 'bureau_reference', 'credit_limit_cents', 'viewed', 'declines'] as const;

async function prescreenRow(db: Db, owner: OfferOwner): Promise<Row | undefined> {
  return db.kysely
    .selectFrom('store_card_prescreens')
    .select(columns)
    .where('session_id', '=', owner.sessionId)
    .where('basket_id', '=', owner.basketId)
    .executeTakeFirst();
}

async function offerOf(db: Db, row: Row | undefined): Promise<StoreCardOffer | null> {
  if (row?.outcome !== 'offer') return null;
  const application = await db.kysely.selectFrom('store_card_applications').select('result').where('prescreen_id', '=', row.id).executeTakeFirst();
  return {
    id: row.id,
    creditLimitCents: row.credit_limit_cents,
    viewed: row.viewed === 1,
    rebuttalEligible: row.declines === 1,
    closed: row.declines >= 2 || !!application,
    result: application?.result ?? null,
  };
}

/** The shopper's offer for this bag: the bureau's answer if asked before, else asked (once). Null: no offer. */
export async function prescreenOnce(db: Db, owner: OfferOwner, applicant: GuestPreScreenData, bureau: CreditBureau): Promise<StoreCardOffer | null> {
  // A holder of the store card is not offered another: the bureau is not asked.
  if (owner.customerId && (await storeCardOf(db, owner.customerId))) return null;
  const known = await prescreenRow(db, owner);
  if (known) return offerOf(db, known);
  const id = randomUUID();
  const claimed = await db.kysely
    .insertInto('store_card_prescreens')
    .values({
      id,
      session_id: owner.sessionId,
      basket_id: owner.basketId,
      outcome: 'no-offer',
      viewed: 0,
      declines: 0,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['session_id', 'basket_id']).doNothing())
    .executeTakeFirst();
  // Another call of this session claimed it first: its answer is the one (no offer until it has one).
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return offerOf(db, await prescreenRow(db, owner));
  const answer = await bureau.prescreen(applicant);
  await db.kysely
    .updateTable('store_card_prescreens')
    .set({ outcome: answer.outcome, bureau_reference: answer.reference, credit_limit_cents: answer.creditLimitCents })
    .where('id', '=', id)
    .execute();
  return offerOf(db, await prescreenRow(db, owner));
}

/** The shopper's offer as it stands, without asking the bureau; null when there is none. */
export const currentOffer = async (db: Db, owner: OfferOwner): Promise<StoreCardOffer | null> => offerOf(db, await prescreenRow(db, owner));

/** The shopper saw the offer, or answered NO (the first NO makes the rebuttal eligible, the second closes it). */
export async function recordEvent(db: Db, owner: OfferOwner, event: OfferEvent): Promise<StoreCardOffer> {
  const offer = await currentOffer(db, owner);
  if (!offer) throw new Refusal(APPLICATION_MESSAGES.noOffer, 404);
  const next = afterEvent(offer, event);
  const change = { viewed: next.viewed ? 1 : 0, declines: next.closed ? 2 : next.rebuttalEligible ? 1 : 0 };
  await db.kysely.updateTable('store_card_prescreens').set(change).where('id', '=', offer.id).execute();
  return (await currentOffer(db, owner)) as StoreCardOffer;
}

export interface Applied {
  result: ApplicationResult;
  /** The account an approval opened (held by the signed-in shopper, or by no account for a guest). */
  account: StoreCardAccount | null;
}

/**
 * Applies on the shopper's open offer, once: a second submit reads the first one's result (or is told to wait while
 * the issuer is being asked). An approval opens the store card account the issuer answered with.
 */
export async function applyOnce(db: Db, owner: OfferOwner, offerId: string, application: Application, bureau: CreditBureau): Promise<Applied> {
  const row = await prescreenRow(db, owner);
  if (!row || row.id !== offerId || row.outcome !== 'offer' || !row.bureau_reference || row.declines >= 2)
    throw new Refusal(APPLICATION_MESSAGES.noOffer, 404);
  const claimed = await db.kysely
    .insertInto('store_card_applications')
    .values({ prescreen_id: row.id, result: null, account_id: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('prescreen_id').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return earlierApplication(db, row.id);
  const decision = await bureau.apply(row.bureau_reference, application);
  let result: ApplicationResult = decision.result;
  let accountId: string | null = null;
  if (decision.result === 'APPROVED') {
    if (owner.customerId && (await storeCardOf(db, owner.customerId))) result = 'ACCOUNT_EXISTS';
    else
      accountId = await openStoreCardAccount(db, {
        number: decision.accountNumber,
        customerId: owner.customerId,
        firstName: application.applicant.firstName,
        lastName: application.applicant.lastName,
        billingPostalCode: application.applicant.postalCode,
        creditLimitCents: decision.creditLimitCents,
      });
  }
  await db.kysely.updateTable('store_card_applications').set({ result, account_id: accountId }).where('prescreen_id', '=', row.id).execute();
  return { result, account: accountId ? await storeCardById(db, accountId) : null };
}

async function earlierApplication(db: Db, prescreenId: string): Promise<Applied> {
  const earlier = await db.kysely
    .selectFrom('store_card_applications')
    .select(['result', 'account_id'])
    .where('prescreen_id', '=', prescreenId)
    .executeTakeFirstOrThrow();
  if (!earlier.result) throw new Refusal(APPLICATION_MESSAGES.applied, 409);
  return { result: earlier.result, account: earlier.account_id ? await storeCardById(db, earlier.account_id) : null };
}
