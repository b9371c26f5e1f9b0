import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CERTIFICATE_INVALID, guessCodeType, normaliseCode, REWARD_CERTIFICATE_LENGTH } from '#src/lib/promo-code.ts';
import { CERTIFICATE_VALID_DAYS, type CertificateKind } from '#src/lib/rewards/programmes.ts';
import type { Tx } from '../db/transaction.ts';
import { lastFour, numberHash } from '../gift-cards/card-numbers.ts';
import { giftCardKey } from '../gift-cards/gift-card-key.ts';
import { Refusal } from '../refusal.ts';
import { newCertificateNumber } from './certificate-numbers.ts';

/**
 * Reward certificates: issued to one customer for an amount until an expiry, used once by one placement attempt.
 * Only a keyed hash of the number and its last four are stored; the number in plain exists once, for the mail that
 * carries it to the customer.
 */

/** A certificate a customer may use now. */
export interface Certificate {
  id: string;
  last4: string;
  kind: CertificateKind;
  amountCents: number;
  expiresAt: string;
}

/** A certificate just issued, with its number for the mail. */
export interface IssuedCertificate extends Certificate {
  number: string;
}

/** The one answer to a certificate that cannot be used: unknown, someone else's, expired or used all read alike. */
export class CertificateRefusal extends Refusal {
  constructor() {
    super(CERTIFICATE_INVALID, 422);
  }
}

export async function issueCertificate(
  tx: Tx,
  to: { customerId: string; kind: CertificateKind; amountCents: number; orderId: string | null },
  now = new Date(),
): Promise<IssuedCertificate> {
  if (!Number.isInteger(to.amountCents) || to.amountCents <= 0) throw new RangeError('A certificate holds a positive whole number of cents.');
  const key = await giftCardKey(tx);
  const number = newCertificateNumber();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CERTIFICATE_VALID_DAYS * 86_400_000).toISOString();
  await tx
    .insertInto('reward_certificates')
    .values({
      id,
      number_hash: numberHash(key, number),
      last4: lastFour(number),
      customer_id: to.customerId,
      kind: to.kind,
      amount_cents: to.amountCents,
      expires_at: expiresAt,
      order_id: to.orderId,
      used_at: null,
      used_by_attempt: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { id, number, last4: lastFour(number), kind: to.kind, amountCents: to.amountCents, expiresAt };
}

/**
 * The certificate a number names, when it is this customer's, unexpired and unused; otherwise the one refusal
 * 'Invalid certificate number', whatever the reason, so a number cannot be probed for whose it is.
 */
export async function findCertificate(tx: Tx, customerId: string, rawNumber: string, now = new Date()): Promise<Certificate> {
  const number = normaliseCode(rawNumber);
  if (number.length !== REWARD_CERTIFICATE_LENGTH || guessCodeType(number) !== 'rewardCertificate') throw new CertificateRefusal();
  const key = await giftCardKey(tx);
  const row = await tx
    .selectFrom('reward_certificates')
    .select(['id', 'last4', 'kind', 'amount_cents', 'expires_at'])
    .where('number_hash', '=', numberHash(key, number))
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) throw new CertificateRefusal();
  return { id: row.id, last4: row.last4, kind: row.kind, amountCents: row.amount_cents, expiresAt: row.expires_at };
}

/**
 * Uses the certificate for the attempt: once. The conditional update is the lock (on PostgreSQL a second attempt's
 * update waits for the first transaction, then finds the certificate used). The same attempt again is answered as
 * before; any other attempt, or an expired certificate, is refused.
 */
export async function useCertificate(tx: Tx, certificateId: string, attemptId: string, now = new Date()): Promise<Certificate> {
  const at = now.toISOString();
  const taken = await tx
    .updateTable('reward_certificates')
    .set({ used_at: at, used_by_attempt: attemptId })
    .where('id', '=', certificateId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  const row = await tx
    .selectFrom('reward_certificates')
    .select(['id', 'last4', 'kind', 'amount_cents', 'expires_at', 'used_by_attempt'])
    .where('id', '=', certificateId)
    .executeTakeFirst();
  if (!row || (Number(taken.numUpdatedRows) !== 1 && row.used_by_attempt !== attemptId)) throw new CertificateRefusal();
  return { id: row.id, last4: row.last4, kind: row.kind, amountCents: row.amount_cents, expiresAt: row.expires_at };
}

/** Gives back every certificate the attempt used (a placement refused, failed or recovered); idempotent. */
export async function releaseCertificate(tx: Tx, attemptId: string): Promise<number> {
  const released = await tx
    .updateTable('reward_certificates')
    .set({ used_at: null, used_by_attempt: null })
    .where('used_by_attempt', '=', attemptId)
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/** What the customer's unused, unexpired certificates add up to, in cents (the header's totalCertificateAmount). */
export async function certificateTotal(tx: Tx, customerId: string, now = new Date()): Promise<number> {
  const row = await tx
    .selectFrom('reward_certificates')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
