import type { Page } from '@playwright/test';
import { walletContact } from '../helpers/wallet-contact.ts';

/**
 * A scripted ApplePaySession for browsers that have none (Chromium): it records each call the store makes and, on
 * begin(), drives the Apple Pay JS v3 handlers in Safari's order (merchant validation, payment method, shipping
 * contact, shipping method, authorization), each after the store completed the one before; `cancelAfter` closes the
 * sheet instead at that point (oncancel). The payment token is the embedded wallet's: a card sandbox token made from
 * a test card, and the merchant session the store completed validation with.
 */
export interface StandIn {
  canMakePayments: boolean;
  cancelAfter?: 'shippingContact';
}

export async function installApplePayStandIn(page: Page, options: StandIn): Promise<void> {
  await page.addInitScript(
    (opts: StandIn & { contact: ReturnType<typeof walletContact> }) => {
      // Kept in the tab's session storage, so the calls made before a navigation (to the confirmation) can be read after it.
      const calls = {
        push({ name }: { name: string; arg?: unknown }) {
          const names = JSON.parse(sessionStorage.getItem('applePayCalls') ?? '[]') as string[];
          sessionStorage.setItem('applePayCalls', JSON.stringify([...names, name]));
        },
      };
      const contact = opts.contact;
      class StandInSession {
        static STATUS_SUCCESS = 0;
        static STATUS_FAILURE = 1;
        static canMakePayments() {
          calls.push({ name: 'canMakePayments' });
          return opts.canMakePayments;
        }
        private next: ((value: unknown) => void) | null = null;
        onvalidatemerchant: ((e: unknown) => void) | null = null;
        onpaymentmethodselected: ((e: unknown) => void) | null = null;
        onshippingcontactselected: ((e: unknown) => void) | null = null;
        onshippingmethodselected: ((e: unknown) => void) | null = null;
        onpaymentauthorized: ((e: unknown) => void) | null = null;
        oncancel: ((e: unknown) => void) | null = null;
        constructor(version: number, request: unknown) {
          calls.push({ name: 'new', arg: { version, request } });
        }
        private completed(name: string, arg: unknown) {
          calls.push({ name, arg });
          this.next?.(arg);
        }
        private step<T>(handler: ((e: unknown) => void) | null, event: unknown): Promise<T> {
          return new Promise<T>((resolve) => {
            this.next = resolve as (value: unknown) => void;
            handler?.(event);
          });
        }
        completeMerchantValidation(session: unknown) {
          this.completed('completeMerchantValidation', session);
        }
        completePaymentMethodSelection(update: unknown) {
          this.completed('completePaymentMethodSelection', update);
        }
        completeShippingContactSelection(update: unknown) {
          this.completed('completeShippingContactSelection', update);
        }
        completeShippingMethodSelection(update: unknown) {
          this.completed('completeShippingMethodSelection', update);
        }
        completePayment(result: unknown) {
          this.completed('completePayment', result);
        }
        abort() {
          calls.push({ name: 'abort' });
        }
        begin() {
          calls.push({ name: 'begin' });
          void this.run();
        }
        private async run() {
          const validationURL = 'https://apple-pay-gateway-cert.apple.com/paymentservices/paymentSession';
          const merchant = await this.step<{ merchantSessionIdentifier: string }>(this.onvalidatemerchant, { validationURL });
          await this.step(this.onpaymentmethodselected, { paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' } });
          const { locality, administrativeArea, postalCode, countryCode } = contact;
          const priced = await this.step<{ newShippingMethods: { identifier: string }[] }>(this.onshippingcontactselected, {
            shippingContact: { locality, administrativeArea, postalCode, countryCode },
          });
          if (opts.cancelAfter === 'shippingContact') {
            calls.push({ name: 'oncancel' });
            this.oncancel?.({});
            return;
          }
          const method = priced.newShippingMethods[0];
          await this.step(this.onshippingmethodselected, { shippingMethod: method });
          const tokenReply = await fetch('/sandbox-gateway/v1/tokens', {
            method: 'POST',
            headers: { authorization: 'Bearer pk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              'card[number]': '4242424242424242',
              'card[exp_month]': '12',
              'card[exp_year]': String(new Date().getFullYear() + 2),
              'card[cvc]': '123',
              'card[name]': 'Ada Lovelace',
            }),
          });
          const cardToken = ((await tokenReply.json()) as { id: string }).id;
          await this.step(this.onpaymentauthorized, {
            payment: {
              token: {
                paymentData: { version: 'sandbox', cardToken, merchantSessionIdentifier: merchant.merchantSessionIdentifier },
                paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' },
                transactionIdentifier: 'stand-in',
              },
              shippingContact: contact,
              billingContact: { ...contact, emailAddress: undefined, phoneNumber: undefined },
            },
          });
        }
      }
      (window as unknown as { ApplePaySession: unknown }).ApplePaySession = StandInSession;
    },
    { ...options, contact: walletContact('ada.wallet@example.com') },
  );
}

/** The names of the calls the store made on the stand-in, in order. */
export const standInCalls = (page: Page): Promise<string[]> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('applePayCalls') ?? '[]') as string[]);
