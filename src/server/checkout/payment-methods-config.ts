import * as v from 'valibot';
import type { Db } from '../db/database.ts';
import { readBasket } from '../commerce/basket-read.ts';
import { BadRequest } from '../http/api.ts';
import { applicablePaymentMethods, METHOD_NOT_OFFERED, PaymentMethodsSchema, type PaymentMethodId } from '#src/lib/checkout/payment-methods.ts';
import content from '../../content/payment/payment-methods.json' with { type: 'json' };

/**
 * The editors' payment methods per brand (src/content/payment/payment-methods.json), checked once when the server
 * starts: a file that breaks the schema stops it with the field named, rather than offering the wrong methods.
 */
const parsed = v.safeParse(PaymentMethodsSchema, content);
if (!parsed.success) {
  const issue = parsed.issues[0];
  throw new Error(`src/content/payment/payment-methods.json: ${v.getDotPath(issue) ?? '(root)'} ${issue.message}`);
}
const config = parsed.output;

/** The methods offered for a bag holding items of these brands. */
export const paymentMethodsFor = (brands: readonly string[]): PaymentMethodId[] => applicablePaymentMethods(config, brands);

/** The methods offered for the bag as it is now (c_applicablePaymentMethods). */
export async function paymentMethodsOfBag(db: Db, basketId: string): Promise<PaymentMethodId[]> {
  const bag = await readBasket(db.kysely, basketId);
  return paymentMethodsFor(bag.lines.map((l) => l.brand));
}

/** Refuses a method the bag's brands do not offer (422), before anything of the payment is kept. */
export async function requireMethodOffered(db: Db, basketId: string, method: PaymentMethodId): Promise<void> {
  if (!(await paymentMethodsOfBag(db, basketId)).includes(method)) throw new BadRequest(METHOD_NOT_OFFERED, 422);
}
