import {
  ApiError,
  CheckoutPaymentIntent,
  OrdersController,
  PatchOp,
  PaymentsController,
  PaypalExperienceUserAction,
  type Order,
  type ShippingWithTrackingDetails,
} from '@paypal/paypal-server-sdk';
import * as v from 'valibot';
import { amountStrings, valueToCents } from '../web-payment-amounts.ts';
import {
  WEB_PAYMENT_MESSAGES,
  WebPaymentRequestConflict,
  type AuthorizeOrderResult,
  type CaptureResult,
  type WebOrder,
  type WebOrderStatus,
  type WebPayer,
  type WebPaymentProvider,
  type WebShipping,
} from '../web-payment.ts';
import type { OrderIndex } from './order-index.ts';
import { paypalClient, type PayPalClientOptions } from './paypal-client.ts';

/**
 * PayPal on its server SDK (@paypal/paypal-server-sdk): Orders v2 to create an AUTHORIZE order, read it and
 * authorize it; Payments v2 to capture or void the authorization. Each call that moves money sends a PayPal-Request-Id
 * made from the caller's request id, so PayPal answers a retry with the first result. PayPal's error names are turned
 * into ours here (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, ORDER_ALREADY_AUTHORIZED, PREVIOUSLY_CAPTURED, ...), and a
 * reply is read only through the fields we check.
 */
export interface PayPalWebPaymentOptions extends PayPalClientOptions {
  index: OrderIndex;
}

const PayPalError = v.object({
  name: v.optional(v.string()),
  details: v.optional(v.array(v.object({ issue: v.string() })), []),
});

/** PayPal's error name and first issue, or null when PayPal did not answer (network, timeout, 5xx). */
function issueOf(err: unknown): { status: number; issue: string } | null {
  if (!(err instanceof ApiError) || err.statusCode >= 500) return null;
  let body: unknown = err.result;
  if (body === undefined && typeof err.body === 'string') {
    try {
      body = JSON.parse(err.body);
    } catch {
      body = undefined;
    }
  }
  const parsed = v.safeParse(PayPalError, body);
  const issue = parsed.success ? (parsed.output.details[0]?.issue ?? parsed.output.name ?? '') : '';
  return { status: err.statusCode, issue };
}

const AUTH_STATUS: Readonly<Record<string, 'authorized' | 'captured' | 'voided'>> = {
  CREATED: 'authorized',
  PENDING: 'authorized',
  CAPTURED: 'captured',
  PARTIALLY_CAPTURED: 'captured',
  VOIDED: 'voided',
};
const ORDER_STATUS: Readonly<Record<string, WebOrderStatus>> = {
  CREATED: 'created',
  SAVED: 'created',
  PAYER_ACTION_REQUIRED: 'created',
  APPROVED: 'approved',
  COMPLETED: 'authorized',
  VOIDED: 'voided',
};

/**
 * Who approved: the order's `payer` (its e-mail, name and phone), or what `payment_source.paypal` repeats of it. Null
 * until PayPal knows the payer's e-mail (before approval).
 */
function payerOf(order: Order): WebPayer | null {
  const wallet = order.paymentSource?.paypal;
  const email = order.payer?.emailAddress ?? wallet?.emailAddress;
  if (!email) return null;
  const name = order.payer?.name ?? wallet?.name;
  return {
    email,
    firstName: name?.givenName ?? '',
    lastName: name?.surname ?? '',
    phone: order.payer?.phone?.phoneNumber.nationalNumber ?? wallet?.phoneNumber?.nationalNumber ?? '',
  };
}

/** Where the payer asked PayPal to ship: the first purchase unit's `shipping` (name and address). */
function shippingOf(shipping: ShippingWithTrackingDetails | undefined): WebShipping | null {
  const address = shipping?.address;
  if (!address?.addressLine1) return null;
  return {
    fullName: shipping?.name?.fullName ?? '',
    address1: address.addressLine1,
    address2: address.addressLine2 ?? '',
    city: address.adminArea2 ?? '',
    state: address.adminArea1 ?? '',
    postalCode: address.postalCode ?? '',
    countryCode: address.countryCode,
  };
}

function webOrder(order: Order): WebOrder | null {
  const unit = order.purchaseUnits?.[0];
  const amountCents = valueToCents(unit?.amount?.value ?? '');
  if (!order.id || !unit || amountCents === null) return null;
  const auth = unit.payments?.authorizations?.[0];
  const authStatus = AUTH_STATUS[auth?.status ?? ''];
  const authorization = auth?.id && authStatus ? { authorizationId: auth.id, status: authStatus } : null;
  let status = ORDER_STATUS[order.status ?? ''] ?? 'created';
  if (authorization && authorization.status !== 'authorized') status = authorization.status;
  return {
    orderId: order.id,
    reference: unit.customId ?? '',
    amountCents,
    status,
    authorization,
    payer: payerOf(order),
    shipping: shippingOf(unit.shipping),
    approvalUrl: approvalLink(order),
  };
}

/** With a payment_source PayPal names the approval link payer-action; without one, approve. */
const approvalLink = (order: Order) => order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;

/** Another request with this PayPal-Request-Id is still being worked on: PayPal asks for a later retry. */
const IN_PROGRESS = 'PREVIOUS_REQUEST_IN_PROGRESS';
const IN_PROGRESS_RETRIES = 8;
const retryPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 25 * 2 ** Math.min(attempt, 5) * (0.5 + Math.random())));

/**
 * A call with a request id, asked again while PayPal answers PREVIOUS_REQUEST_IN_PROGRESS (simultaneous duplicates:
 * another instance or a double click is making the same request). PayPal then answers the first request's result.
 */
async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= IN_PROGRESS_RETRIES || issueOf(err)?.issue !== IN_PROGRESS) throw err;
      await retryPause(attempt);
    }
  }
}

const refusal = (code: Exclude<AuthorizeOrderResult, { ok: true }>['code']): AuthorizeOrderResult => ({
  ok: false,
  code,
  message: WEB_PAYMENT_MESSAGES[code],
});

export function paypalWebPayment(options: PayPalWebPaymentOptions): WebPaymentProvider {
  const client = paypalClient(options);
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  async function getOrder(orderId: string): Promise<WebOrder | null> {
    try {
      return webOrder((await orders.getOrder({ id: orderId })).result);
    } catch (err) {
      if (issueOf(err)?.status === 404) return null;
      throw err;
    }
  }

  return {
    name: 'paypal',

    async createOrder(request) {
      const amount = amountStrings(request.breakdown);
      const money = (value: string) => ({ currencyCode: request.currency, value });
      let order: Order;
      try {
        ({ result: order } = await patiently(() =>
          orders.createOrder({
            paypalRequestId: request.requestId,
            prefer: 'return=representation',
            body: {
              intent: CheckoutPaymentIntent.Authorize,
              purchaseUnits: [
                {
                  customId: request.reference,
                  amount: {
                    ...money(amount.value),
                    breakdown: {
                      itemTotal: money(amount.breakdown.itemTotal),
                      shipping: money(amount.breakdown.shipping),
                      taxTotal: money(amount.breakdown.taxTotal),
                      handling: money(amount.breakdown.handling),
                      discount: money(amount.breakdown.discount),
                    },
                  },
                },
              ],
              paymentSource: {
                paypal: {
                  experienceContext: { returnUrl: request.returnUrl, cancelUrl: request.cancelUrl, userAction: PaypalExperienceUserAction.PayNow },
                },
              },
            },
          }),
        ));
      } catch (err) {
        if (issueOf(err)?.issue === 'DUPLICATE_REQUEST_ID') throw new WebPaymentRequestConflict('This request id was used with other parameters.');
        throw err;
      }
      const approvalUrl = approvalLink(order);
      if (!order.id || !approvalUrl) throw new Error('PayPal made an order without an approval link');
      await options.index.remember(request.reference, order.id);
      return { orderId: order.id, approvalUrl };
    },

    getOrder,

    async updateAmount(orderId, breakdown) {
      const amount = amountStrings(breakdown);
      // The SDK passes a patch's value as it is: PayPal's own (snake_case) JSON.
      const money = (value: string) => ({ currency_code: 'USD', value });
      try {
        await orders.patchOrder({
          id: orderId,
          body: [
            {
              op: PatchOp.Replace,
              path: "/purchase_units/@reference_id=='default'/amount",
              value: {
                ...money(amount.value),
                breakdown: {
                  item_total: money(amount.breakdown.itemTotal),
                  shipping: money(amount.breakdown.shipping),
                  tax_total: money(amount.breakdown.taxTotal),
                  handling: money(amount.breakdown.handling),
                  discount: money(amount.breakdown.discount),
                },
              },
            },
          ],
        });
        return true;
      } catch (err) {
        const found = issueOf(err);
        // ORDER_ALREADY_COMPLETED, ORDER_ALREADY_AUTHORIZED or unknown: the amount can no longer change.
        if (found && (found.status === 404 || found.status === 422)) return false;
        throw err;
      }
    },

    async authorizeOrder(orderId, requestId) {
      try {
        const { result } = await patiently(() => orders.authorizeOrder({ id: orderId, paypalRequestId: requestId, prefer: 'return=representation' }));
        const id = result.purchaseUnits?.[0]?.payments?.authorizations?.[0]?.id;
        if (!id) throw new Error('PayPal authorized an order without an authorization');
        return { ok: true, authorizationId: id };
      } catch (err) {
        const found = issueOf(err);
        // No answer, or still in progress after every retry: the outcome is unknown.
        if (!found || found.issue === IN_PROGRESS) return refusal('timeout');
        if (found.status === 404) return refusal('not_found');
        if (found.issue === 'INSTRUMENT_DECLINED') return refusal('instrument_declined');
        if (found.issue === 'ORDER_NOT_APPROVED') return refusal('not_approved');
        if (found.issue === 'ORDER_ALREADY_AUTHORIZED') {
          const authorization = (await getOrder(orderId))?.authorization;
          if (authorization) return { ok: true, authorizationId: authorization.authorizationId };
        }
        throw err;
      }
    },

    async captureAuthorization(authorizationId, requestId): Promise<CaptureResult> {
      try {
        const { result } = await patiently(() =>
          payments.captureAuthorizedPayment({
            authorizationId,
            paypalRequestId: requestId,
            prefer: 'return=representation',
            body: { finalCapture: true },
          }),
        );
        if (!result.id) throw new Error('PayPal captured without a capture id');
        return { ok: true, captureId: result.id };
      } catch (err) {
        const found = issueOf(err);
        if (!found || found.issue === IN_PROGRESS) return { ok: false, code: 'timeout' };
        if (found.status === 404) return { ok: false, code: 'not_found' };
        if (['AUTHORIZATION_ALREADY_CAPTURED', 'PREVIOUSLY_CAPTURED', 'ORDER_ALREADY_CAPTURED'].includes(found.issue)) {
          return { ok: false, code: 'already_captured' };
        }
        if (found.issue === 'AUTHORIZATION_VOIDED' || found.issue === 'PREVIOUSLY_VOIDED') return { ok: false, code: 'voided' };
        throw err;
      }
    },

    async voidAuthorization(authorizationId) {
      try {
        await patiently(() => payments.voidPayment({ authorizationId, paypalRequestId: `void-${authorizationId}` }));
        return 'voided';
      } catch (err) {
        const issue = issueOf(err)?.issue;
        if (issue === 'PREVIOUSLY_VOIDED' || issue === 'AUTHORIZATION_VOIDED') return 'voided';
        if (issue === 'PREVIOUSLY_CAPTURED' || issue === 'AUTHORIZATION_ALREADY_CAPTURED') return 'captured';
        throw err;
      }
    },

    async findByReference(reference) {
      const found = await Promise.all((await options.index.ordersOf(reference)).map(getOrder));
      return found.filter((o): o is WebOrder => o !== null && o.reference === reference);
    },
  };
}
