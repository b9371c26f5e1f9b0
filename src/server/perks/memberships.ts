import { isActiveMember, mayBuyMembership, membershipEndAfter } from '#src/lib/perks/membership-dates.ts';
import { alreadyMemberMessage, perksProgrammeName } from '#src/lib/perks/perks-texts.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { isSavedPayment } from '#src/lib/membership-rules.ts';
import { Refusal } from '../refusal.ts';
import type { Tx } from '../db/transaction.ts';

/**
 * The perks membership as data (docs/decisions.md "Perks membership"): a customer is a member of a brand's
 * programme until a date. A placed order holding the membership makes its customer a member for a year, or extends a
 * membership a year from its current end; the order's commit calls grantOrderMemberships once.
 */

export interface Membership {
  programme: string;
  /** The programme's name ('Fernbrook Perks'). */
  name: string;
  endsAt: string;
}

/** The customer's membership that ends last, active or not, with its programme's name; null when never a member. */
export async function latestMembership(tx: Tx, customerId: string): Promise<Membership | null> {
  const row = await tx
    .selectFrom('perks_memberships as m')
    .leftJoin('products as p', (j) => j.onRef('p.brand_code', '=', 'm.programme').on('p.product_type', '=', PRODUCT_TYPE.membership))
    .select(['m.programme', 'm.ends_at', 'p.name'])
    .where('m.customer_id', '=', customerId)
    .orderBy('m.ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { programme: row.programme, name: perksProgrammeName(row.name ?? row.programme), endsAt: row.ends_at } : null;
}

/** The customer's active membership now, or null. */
export async function activeMembership(tx: Tx, customerId: string, now = new Date()): Promise<Membership | null> {
  const latest = await latestMembership(tx, customerId);
  return latest && isActiveMember(latest.endsAt, now) ? latest : null;
}

/**
 * Refuses adding a programme's membership to the bag of a customer who already holds it, unless the membership is in
 * its renewal window (checkout spec §7 checkIfAlreadyMember): the membership is not sold twice.
 */
export async function refuseIfAlreadyMember(tx: Tx, customerId: string, programme: string, now = new Date()): Promise<void> {
  const row = await tx
    .selectFrom('perks_memberships')
    .select('ends_at')
    .where('customer_id', '=', customerId)
    .where('programme', '=', programme)
    .executeTakeFirst();
  if (row && !mayBuyMembership(row.ends_at, now)) throw new Refusal(alreadyMemberMessage(row.ends_at), 409);
}

/**
 * Makes the customer of a placed order a member of each programme whose membership the order holds, once per order
 * and programme: the order's row in perks_membership_orders is written first, and a commit that finds it there
 * (the same order committed again) changes nothing.
 */
export async function grantOrderMemberships(
  tx: Tx,
  order: { id: string; customerId: string | null; productIds: readonly string[]; placedAt: string },
): Promise<void> {
  if (!order.customerId || order.productIds.length === 0) return;
  const programmes = await tx
    .selectFrom('products')
    .select('brand_code')
    .distinct()
    .where('id', 'in', [...order.productIds])
    .where('product_type', '=', PRODUCT_TYPE.membership)
    .execute();
  for (const { brand_code: programme } of programmes) {
    const done = await tx
      .selectFrom('perks_membership_orders')
      .select('order_id')
      .where('order_id', '=', order.id)
      .where('programme', '=', programme)
      .executeTakeFirst();
    if (done) continue;
    const current = await tx
      .selectFrom('perks_memberships')
      .select('ends_at')
      .where('customer_id', '=', order.customerId)
      .where('programme', '=', programme)
      .executeTakeFirst();
    const endsAt = membershipEndAfter(current?.ends_at ?? null, order.placedAt);
    await tx
      .insertInto('perks_membership_orders')
      .values({ order_id: order.id, programme, customer_id: order.customerId, ends_at: endsAt })
      .execute();
    await tx
      .insertInto('perks_memberships')
      .values({ customer_id: order.customerId, programme, ends_at: endsAt, updated_at: order.placedAt })
      .onConflict((oc) => oc.columns(['customer_id', 'programme']).doUpdateSet({ ends_at: endsAt, updated_at: order.placedAt }))
      .execute();
  }
}

/**
 * A membership added to a bag whose payment is a saved card or the holder's saved store card: the payment is let go,
 * so the payment step asks for a new card (checkout spec §4, "the payment method becomes new card"); placement
 * refuses a saved one for it anyway.
 */
export async function requireNewCard(tx: Tx, basketId: string): Promise<void> {
  const row = await tx.selectFrom('basket_checkout').select('payment').where('basket_id', '=', basketId).executeTakeFirst();
  if (!row?.payment) return;
  if (isSavedPayment(JSON.parse(row.payment) as Parameters<typeof isSavedPayment>[0]))
    await tx.updateTable('basket_checkout').set({ payment: null }).where('basket_id', '=', basketId).execute();
}
