/**
 * The names payment methods are reported by (header spec §9 "Payment method names"), defined once: whatever names a
 * method to analytics or another report takes it from here.
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
