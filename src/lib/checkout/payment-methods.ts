import * as v from 'valibot';

/**
 * The payment methods offered per brand (c_applicablePaymentMethods), as editors set them in
 * src/content/payment/payment-methods.json (docs/content-editing.md). A bag holding several brands' items is offered
 * only the methods every one of its brands offers; a brand not listed is offered the default list. The server refuses
 * a method the bag is not offered (checkout-facade.ts); the payment step does not show it.
 */
export const PAYMENT_METHOD_IDS = ['creditCard', 'plcc', 'giftCard', 'rewards'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

const Methods = v.pipe(
  v.array(v.picklist(PAYMENT_METHOD_IDS)),
  v.check((m) => new Set(m).size === m.length, 'lists a method twice'),
);
export const PaymentMethodsSchema = v.strictObject({
  default: Methods,
  brands: v.record(v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter brand code')), Methods),
});
export type PaymentMethodsConfig = v.InferOutput<typeof PaymentMethodsSchema>;

export const METHOD_NOT_OFFERED = 'This payment method is not available for the items in your bag. Please choose another.';

/** The methods a bag of these brands is offered, in the order of PAYMENT_METHOD_IDS. */
export function applicablePaymentMethods(config: PaymentMethodsConfig, brands: readonly string[]): PaymentMethodId[] {
  const lists = [...new Set(brands)].map((b) => config.brands[b] ?? config.default);
  if (lists.length === 0) lists.push(config.default);
  return PAYMENT_METHOD_IDS.filter((m) => lists.every((l) => l.includes(m)));
}

/** The method a tender pays by: a gift card, or rewards (certificates and programme rewards alike). */
export const tenderPaymentMethod = (paymentMethodId: string): PaymentMethodId => (paymentMethodId === 'SVS_GIFT_CARD' ? 'giftCard' : 'rewards');

/**
 * The first method an order would be paid by that the bag is not offered, or null: its tenders' methods and the card's
 * (a store card is `plcc`, any other card `creditCard`; no card when tenders pay it all).
 */
export function methodNotOffered(
  offered: readonly PaymentMethodId[],
  card: { kind: string } | null,
  tenders: readonly { paymentMethodId: string }[],
): PaymentMethodId | null {
  const used = tenders.map((t) => tenderPaymentMethod(t.paymentMethodId));
  if (card) used.push(card.kind === 'store-card' ? 'plcc' : 'creditCard');
  return used.find((m) => !offered.includes(m)) ?? null;
}
