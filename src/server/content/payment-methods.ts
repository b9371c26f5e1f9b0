import * as v from 'valibot';
import { applicablePaymentMethods, PaymentMethodsSchema, type PaymentMethodId } from '#src/lib/checkout/payment-methods.ts';
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
