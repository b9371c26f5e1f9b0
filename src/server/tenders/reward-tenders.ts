import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { type Tx, withWriteTransaction } from '../db/transaction.ts';
import { lockOpenBasket, touchBag } from '../commerce/basket-lock.ts';
import { CommerceError } from '../commerce/errors.ts';
import { refuseTenderFor } from './tender-checks.ts';
import { Refusal } from '../refusal.ts';
import { findCertificate } from '../rewards/certificates.ts';
import { rewardsAvailable } from '../rewards/rewards-dollars.ts';
import { maskedGiftCardNumber } from '#src/lib/gift-cards/gift-card-rules.ts';
import { CODE_APPLIED, codeError, MAX_DISCOUNTS, SIGN_IN_FOR_CODE } from '#src/lib/promo-code.ts';
import { appliedMessage } from '#src/lib/tenders/tender-rules.ts';
import { BRAND_PROGRAMMES, programmeOfRewardBrand } from '#src/lib/rewards/programmes.ts';
import {
  CERTIFICATE_ALREADY_APPLIED,
  MAX_TENDERS_PER_BASKET,
  NO_REWARDS_TO_APPLY,
  REWARDS_ALREADY_APPLIED,
  REWARDS_APPLIED,
  type TenderMethod,
} from '#src/lib/tenders/tender-split.ts';

/**
 * Reward tenders on a bag: a signed-in shopper's reward certificate (from the code field) and a brand programme's
 * rewards dollars (POST basket/update/ with rewardBrand). Each row names the account that applied it; the bag is
 * priced from the certificate and the rewards ledger at every read (basket-load.ts), and only that account's
 * placement spends them (tender-payment.ts).
 */

/**
 * Adds a reward tender under the bag's lock, when the tender rules take it (tender-checks.ts), within the cap every
 * tender kind shares; answers its id and the applied message.
 */
async function addTender(
  db: Db,
  basketId: string,
  row: { method: TenderMethod; customerId: string; certificateId: string | null; programme: string | null; masked: string },
  check: (tx: Tx, onBag: { certificateId: string | null; programme: string | null }[]) => Promise<void>,
  applied: string,
): Promise<{ id: string; message: string }> {
  return withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    // The tenders on the bag as read with its lines, after the lock.
    const { lines, tenders: onBag } = await refuseTenderFor(tx, basketId, row.method);
    await check(tx, onBag);
    if (onBag.length >= MAX_TENDERS_PER_BASKET) throw new CommerceError('conflict', MAX_DISCOUNTS);
    const id = randomUUID();
    const now = new Date().toISOString();
    await tx
      .insertInto('bag_tenders')
      .values({
        id,
        basket_id: basketId,
        method: row.method,
        gift_card_id: null,
        customer_id: row.customerId,
        certificate_id: row.certificateId,
        programme: row.programme,
        masked_number: row.masked,
        position: Math.max(-1, ...onBag.map((t) => t.position)) + 1,
        created_at: now,
      })
      .execute();
    await touchBag(tx, basketId, now);
    return { id, message: appliedMessage(applied, lines) };
  });
}

/**
 * Applies a reward certificate: a guest is asked to sign in; a signed-in shopper's number must name their own
 * unused, unexpired certificate (findCertificate: one refusal, 'Invalid certificate number', for anything else).
 */
export async function applyCertificate(
  db: Db,
  basketId: string,
  customerId: string | null,
  rawNumber: string,
): Promise<{ id: string; message: string }> {
  // A number of the wrong form is answered as the field's rule (400) before anything else, as every code is.
  const invalid = codeError(rawNumber);
  if (invalid) throw new CommerceError('invalid', invalid);
  if (!customerId) throw new Refusal(SIGN_IN_FOR_CODE, 422);
  const certificate = await findCertificate(db.kysely, customerId, rawNumber);
  return addTender(
    db,
    basketId,
    { method: certificate.kind, customerId, certificateId: certificate.id, programme: null, masked: maskedGiftCardNumber(certificate.last4) },
    async (_tx, onBag) => {
      if (onBag.some((t) => t.certificateId === certificate.id)) throw new CommerceError('conflict', CERTIFICATE_ALREADY_APPLIED);
    },
    CODE_APPLIED,
  );
}

/** Applies a brand programme's rewards dollars (rewardBrand zq or dia) for an active member with a balance. */
export async function applyRewards(
  db: Db,
  basketId: string,
  customerId: string | null,
  rewardBrand: string,
): Promise<{ id: string; message: string }> {
  if (!customerId) throw new Refusal(SIGN_IN_FOR_CODE, 422);
  const programme = programmeOfRewardBrand(rewardBrand);
  if (!programme) throw new CommerceError('invalid', NO_REWARDS_TO_APPLY);
  const { label, paymentMethodId } = BRAND_PROGRAMMES[programme];
  return addTender(
    db,
    basketId,
    { method: paymentMethodId, customerId, certificateId: null, programme, masked: label },
    async (tx, onBag) => {
      if (onBag.some((t) => t.programme === programme)) throw new CommerceError('conflict', REWARDS_ALREADY_APPLIED);
      if ((await rewardsAvailable(tx, customerId, rewardBrand)) <= 0) throw new CommerceError('unprocessable', NO_REWARDS_TO_APPLY);
    },
    REWARDS_APPLIED,
  );
}
