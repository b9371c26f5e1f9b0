import type { Db } from '../db/database.ts';
import { readBasket } from '../commerce/basket-read.ts';
import { paymentMethodsFor } from '../content/payment-methods.ts';
import { Refusal } from '../refusal.ts';
import { METHOD_NOT_OFFERED, type PaymentMethodId } from '#src/lib/checkout/payment-methods.ts';

/** The payment methods of a bag (src/server/content/payment-methods.ts reads the editors' list per brand). */

/** The methods offered for the bag as it is now (c_applicablePaymentMethods). */
export async function paymentMethodsOfBag(db: Db, basketId: string): Promise<PaymentMethodId[]> {
  const bag = await readBasket(db.kysely, basketId);
  return paymentMethodsFor(bag.lines.map((l) => l.brand));
}

/** Refuses a method the bag's brands do not offer (422), before anything of the payment is kept. */
export async function requireMethodOffered(db: Db, basketId: string, method: PaymentMethodId): Promise<void> {
  if (!(await paymentMethodsOfBag(db, basketId)).includes(method)) throw new Refusal(METHOD_NOT_OFFERED, 422);
}
