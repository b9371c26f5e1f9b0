import { formatCents } from '#src/lib/money.ts';
import { accrue, eligibleCents, pointsFor, shareOut } from '#src/lib/rewards/earning.ts';
import { GIFT_CARD_METHOD } from '#src/lib/tenders/tender-split.ts';
import { isMerchandise } from '#src/lib/product-types.ts';
import { EARNED_CERTIFICATE_KIND, PROGRAMME_IDS, type ProgrammeId, REWARD_CENTS_PER_THRESHOLD } from '#src/lib/rewards/programmes.ts';
import type { Tx } from '../db/transaction.ts';
import { giftCardKey } from '../gift-cards/gift-card-key.ts';
import { type Mail, type QueuedMail, queueMail } from '../mail/mailer.ts';
import { type IssuedCertificate, issueCertificate } from './certificates.ts';
import { creditRewards, lockMembership } from './rewards-dollars.ts';

/** An order as earning reads it: who placed it, its lines, what the bag's codes took off, and its tenders. */
export interface EarningOrder {
  id: string;
  customerId: string | null;
  email: string;
  /** couponDiscount: what codes took off the line (absent from snapshots written before it was kept per line). */
  lines: readonly { productId: string; lineTotal: number; couponDiscount?: number }[];
  discountCents: number;
  tenders?: readonly { method: string; amount: number }[];
}

/**
 * What a signed-in customer's order earns, inside its commit (so a placement that fails or is abandoned earns
 * nothing): each programme the customer is an active member of earns one point per whole dollar of its merchandise
 * paid for with money (src/lib/rewards/earning.ts: a code lowers the points of the brand it discounted; what rewards
 * dollars and certificates paid earns nothing). Points reaching the threshold become rewards, the rest carry: a $10 certificate each
 * in the retailer's programme, mailed to the customer through the outbox; $10 of rewards dollars each in ELQ and Dia.
 * Once per order and programme (rewards_earnings' key): a commit run again earns nothing more. Returns the mails
 * queued, for delivery once the transaction has committed.
 */
export async function earnForOrder(tx: Tx, order: EarningOrder, now = new Date()): Promise<QueuedMail[]> {
  const customerId = order.customerId;
  if (!customerId || order.lines.length === 0) return [];
  const products = await tx
    .selectFrom('products')
    .select(['id', 'brand_code', 'product_type'])
    .where(
      'id',
      'in',
      order.lines.map((l) => l.productId),
    )
    .execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const merchandise = order.lines.flatMap((l) => {
    const product = byId.get(l.productId);
    return product && isMerchandise(product.product_type) ? [{ brand: product.brand_code, cents: l.lineTotal, known: l.couponDiscount }] : [];
  });
  // A snapshot that did not keep each line's discount: the bag's discount is shared among those lines by what they cost.
  const unplaced = order.discountCents - merchandise.reduce((s, m) => s + (m.known ?? 0), 0);
  const spread = shareOut(
    unplaced,
    merchandise.map((m) => (m.known === undefined ? m.cents : 0)),
  );
  const lines = merchandise.map((m, i) => ({ brand: m.brand, cents: m.cents, discountCents: (m.known ?? 0) + (spread[i] ?? 0) }));
  const nonCash = (order.tenders ?? []).reduce((s, t) => (t.method === GIFT_CARD_METHOD ? s : s + t.amount), 0);
  const eligible = eligibleCents(lines, nonCash);
  const certificates: IssuedCertificate[] = [];
  for (const programme of PROGRAMME_IDS) {
    const points = pointsFor(eligible[programme]);
    if (points === 0 || !(await isActiveMember(tx, customerId, programme))) continue;
    const recorded = await tx
      .insertInto('rewards_earnings')
      .values({ order_id: order.id, programme, customer_id: customerId, points, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['order_id', 'programme']).doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
    await lockMembership(tx, customerId, programme);
    const held = await tx
      .selectFrom('rewards_memberships')
      .select('points')
      .where('customer_id', '=', customerId)
      .where('programme', '=', programme)
      .executeTakeFirstOrThrow();
    const { rewards, carried } = accrue(held.points, points);
    await tx
      .updateTable('rewards_memberships')
      .set({ points: carried })
      .where('customer_id', '=', customerId)
      .where('programme', '=', programme)
      .execute();
    if (rewards === 0) continue;
    if (programme === 'fbb') {
      for (let i = 0; i < rewards; i++) {
        certificates.push(
          await issueCertificate(tx, { customerId, kind: EARNED_CERTIFICATE_KIND, amountCents: REWARD_CENTS_PER_THRESHOLD, orderId: order.id }, now),
        );
      }
    } else {
      await creditRewards(tx, { customerId, programme, cents: rewards * REWARD_CENTS_PER_THRESHOLD, orderId: order.id }, now);
    }
  }
  if (certificates.length === 0) return [];
  return [await queueMail(tx, certificateMail(order.email, certificates, await giftCardKey(tx)))];
}

async function isActiveMember(tx: Tx, customerId: string, programme: ProgrammeId): Promise<boolean> {
  const row = await tx
    .selectFrom('rewards_memberships')
    .select('is_active')
    .where('customer_id', '=', customerId)
    .where('programme', '=', programme)
    .executeTakeFirst();
  return row?.is_active === 1;
}

/** The points each programme earned on an order, as its summary shows them (elqRewardsEarned, …). */
export async function pointsEarnedBy(
  tx: Tx,
  orderId: string,
): Promise<{ fbbRewardsEarned?: number; elqRewardsEarned?: number; diaRewardsEarned?: number }> {
  const rows = await tx.selectFrom('rewards_earnings').select(['programme', 'points']).where('order_id', '=', orderId).execute();
  return Object.fromEntries(rows.map((r) => [`${r.programme}RewardsEarned`, r.points]));
}

/**
 * The certificates an order's points earned: each number in full (the only place it is; the outbox keeps it masked,
 * and sealed under the gift card key until delivered), its amount and expiry.
 */
function certificateMail(to: string, certificates: readonly IssuedCertificate[], key: Buffer): Mail {
  const total = formatCents(certificates.reduce((s, c) => s + c.amountCents, 0));
  const text = [
    `Your points earned you ${certificates.length === 1 ? 'a reward certificate' : `${certificates.length} reward certificates`} worth ${total}.`,
    '',
    ...certificates.map((c) => `Certificate ${c.number}: ${formatCents(c.amountCents)}, use by ${c.expiresAt.slice(0, 10)}`),
    '',
    'Enter the certificate number in the code field at checkout while signed in.',
  ].join('\n');
  return { to, subject: `You earned a ${total} reward`, text, secrets: { values: certificates.map((c) => c.number), key } };
}
