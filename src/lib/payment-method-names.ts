/**
 * The names payment methods are reported by (header spec §9 "Payment method names"), defined once: whatever names a
 * method (analytics, the pay later offer, the order's payment on its confirmation) takes it from here.
 */
export const PAYMENT_METHOD_NAMES = {
  card: 'credit card',
  plcc: 'plcc card',
  paypal: 'paypal',
  applePay: 'apple pay',
  paypalPayLater: 'paypal pay later',
  affirm: 'affirm',
} as const;

export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[keyof typeof PAYMENT_METHOD_NAMES];

/** How a method is named to the shopper (the order confirmation's payment). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodName, string> = {
  'credit card': 'Credit card',
  'plcc card': 'Store card',
  paypal: 'PayPal',
  'apple pay': 'Apple Pay',
  'paypal pay later': 'PayPal Pay Later',
  affirm: 'Affirm',
};
