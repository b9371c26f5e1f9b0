import type { Tx } from '../db/transaction.ts';
import { DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import { PERKS_MEMBER_METHOD_ID } from '#src/lib/perks/member-shipping.ts';
import { methodAllowed } from '#src/lib/standard-delivery.ts';

/**
 * A perks member's bag starts on the method their membership makes free (docs/decisions.md "Perks membership"): when
 * a bag becomes a member's (made by their add, or theirs at sign-in) and still has the method every bag starts with,
 * it moves to the member method. A method the shopper chose otherwise, or a bag held to Regular by a hemmed line,
 * stays as it is. The pricer and the shipping step read the bag's method, so both show it chosen.
 */
export async function preselectMemberMethod(tx: Tx, basketId: string, customerId: string, now = new Date()): Promise<void> {
  const member = await tx
    .selectFrom('perks_memberships')
    .select('ends_at')
    .where('customer_id', '=', customerId)
    .where('ends_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!member) return;
  if (!methodAllowed(PERKS_MEMBER_METHOD_ID, await holdsHemmedLine(tx, basketId))) return;
  await tx
    .updateTable('baskets')
    .set({ shipping_method_id: PERKS_MEMBER_METHOD_ID, updated_at: now.toISOString() })
    .where('id', '=', basketId)
    .where('status', '=', 'open')
    .where('shipping_method_id', '=', DEFAULT_SHIPPING_METHOD_ID)
    .execute();
}

/** Whether the bag holds a hemmed line (such a bag ships by Regular only: src/lib/standard-delivery.ts). */
async function holdsHemmedLine(tx: Tx, basketId: string): Promise<boolean> {
  const hemmed = await tx
    .selectFrom('basket_items')
    .select('id')
    .where('basket_id', '=', basketId)
    .where('hemming_option_id', 'is not', null)
    .executeTakeFirst();
  return !!hemmed;
}
