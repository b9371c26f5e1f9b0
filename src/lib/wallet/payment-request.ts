import { bagHoldsMembership } from '../membership-rules.ts';

/**
 * The wallet's payment request (Apple Pay JS, ApplePayPaymentRequest) as the server builds it from a bag, and the
 * rule for when the wallet button shows (checkout spec §4 "Express checkout", §9 "Wallet payment": API version 3,
 * country US, USD, a total of 0 sent as 0.01). Amounts on Apple's side are decimal strings; ours are cents.
 */
export const WALLET_API_VERSION = 3;
export const WALLET_DISPLAY_NAME = 'Seven Brands';

export interface WalletLineItem {
  label: string;
  amount: string;
  type: 'final';
}

export interface WalletShippingMethod {
  label: string;
  detail: string;
  amount: string;
  identifier: string;
}

export interface WalletPaymentRequest {
  countryCode: 'US';
  currencyCode: 'USD';
  merchantCapabilities: ['supports3DS'];
  supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'];
  requiredShippingContactFields: ['postalAddress', 'name', 'email', 'phone'];
  requiredBillingContactFields: ['postalAddress', 'name'];
  total: WalletLineItem;
  lineItems: WalletLineItem[];
  shippingMethods: WalletShippingMethod[];
}

/** Cents as Apple's decimal amount; the spec's floor: a total of 0 (or less) is sent as 0.01. */
export const walletAmount = (cents: number): string => (Math.max(cents, 0) / 100).toFixed(2);
export const walletTotalAmount = (cents: number): string => (cents <= 0 ? '0.01' : walletAmount(cents));

export interface BagFigures {
  /** What a card pays, in cents (the bag's amountDue). */
  amountDue: number;
  productSubTotal: number;
  shippingTotal: number;
  taxTotal: number;
  /** Discounts, tenders and the like as one line each, in cents (negative for money off). */
  adjustments: { label: string; cents: number }[];
}

export interface ShippingOption {
  id: string;
  name: string;
  description: string;
  price: number;
}

/** The payment request for a bag; the selected shipping method first (Apple Pay preselects the first). */
export function paymentRequest(bag: BagFigures, methods: readonly ShippingOption[], selected: string | null): WalletPaymentRequest {
  const ordered = [...methods].sort((a, b) => Number(b.id === selected) - Number(a.id === selected));
  return {
    countryCode: 'US',
    currencyCode: 'USD',
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    requiredShippingContactFields: ['postalAddress', 'name', 'email', 'phone'],
    requiredBillingContactFields: ['postalAddress', 'name'],
    ...totals(bag),
    shippingMethods: ordered.map((m) => ({ label: m.name, detail: m.description, amount: walletAmount(m.price), identifier: m.id })),
  };
}

/** What a change of shipping contact or method answers: the new total, line items and methods. */
export type WalletTotals = Pick<WalletPaymentRequest, 'total' | 'lineItems' | 'shippingMethods'>;

/** The total and line items alone. */
export function totals(bag: BagFigures): Pick<WalletPaymentRequest, 'total' | 'lineItems'> {
  const line = (label: string, cents: number): WalletLineItem => ({ label, amount: (cents / 100).toFixed(2), type: 'final' });
  return {
    total: { label: WALLET_DISPLAY_NAME, amount: walletTotalAmount(bag.amountDue), type: 'final' },
    lineItems: [
      line('Subtotal', bag.productSubTotal),
      ...bag.adjustments.map((a) => line(a.label, a.cents)),
      line('Shipping & Handling', bag.shippingTotal),
      line('Estimated Tax', bag.taxTotal),
    ],
  };
}

export interface WalletButtonInput {
  /** The page has loaded (the island has hydrated). */
  loaded: boolean;
  /** ApplePaySession exists and canMakePayments() answered true. */
  deviceSupports: boolean;
  /** The bag's total, in cents. */
  totalCents: number;
  productTypes: readonly number[];
}

/** The wallet button shows only when the page has loaded, the device supports it, the total is above 0 and no perks item is in the bag. */
export const walletButtonShown = (input: WalletButtonInput): boolean =>
  input.loaded && input.deviceSupports && input.totalCents > 0 && !bagHoldsMembership(input.productTypes);
