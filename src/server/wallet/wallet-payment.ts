import { walletAddress, walletEmail } from '#src/lib/wallet/wallet-contact.ts';
import type { WalletAuthorize } from '#src/lib/wallet/wallet-schemas.ts';
import { attemptByKey } from '../checkout/placement/attempt-log.ts';
import { placeOrder } from '../checkout/placement/place-order.ts';
import { failed } from '../checkout/placement/placement-types.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import type { WalletReply } from '#src/lib/wallet/wallet-replies.ts';
import type { Db } from '../db/database.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { spendMerchantSession } from './embedded-validator.ts';

export const CONTACT_REFUSED = 'Please check your contact details on the Apple Pay sheet.';

/**
 * The wallet's payment (Apple Pay's `onpaymentauthorized`), placed as a card order is: the sheet's contacts are
 * checked by the checkout's address schema (each problem an ApplePayError for the sheet), then the placement's claim
 * (stock, codes, tenders checked again; the merchant session spent; the contacts taken as the checkout's), the wallet
 * Payer (the token authorized at the card gateway under the attempt id), and the commit. One Idempotency-Key places
 * once: a retry or a double submit is answered with the first reply.
 */
export async function authorizeWalletPayment(
  db: Db,
  gateway: PaymentGateway,
  request: { bagId: string | null; customerId: string | null; key: string; input: WalletAuthorize; leaseMs: number },
): Promise<WalletReply> {
  const { shippingContact, billingContact, token } = request.input.payment;
  const shipping = walletAddress(shippingContact, 'shipping');
  const billing = walletAddress(billingContact, 'billing', shippingContact.phoneNumber);
  const email = walletEmail(shippingContact);
  if (!shipping.ok || !billing.ok || !email.ok) {
    // The billing address borrows the shipping contact's phone: a bad phone is the shipping contact's to correct.
    const billingErrors = billing.ok ? [] : billing.errors.filter((e) => e.contactField !== 'phoneNumber');
    const errors = [...(shipping.ok ? [] : shipping.errors), ...billingErrors, ...(email.ok ? [] : email.errors)];
    const refusal = failed(400, errors[0]?.message ?? CONTACT_REFUSED, null, 0);
    return { ...refusal, result: { ...refusal.result, errors } };
  }
  // A confirmed order lets the bag go, so a retry of it finds no bag: the key's attempt names it.
  const attempt = await attemptByKey(db, request.key);
  const bagId = attempt?.basket_id ?? request.bagId;
  if (!bagId) return withErrors(failed(409, 'Your bag is empty.', null, 0));
  const { cardToken, merchantSessionIdentifier } = token.paymentData;
  // Asked of the gateway only before the key's first placement: afterwards the token is spent, and the key replays.
  const card = attempt ? null : await gateway.describeToken(cardToken);
  const reply = await placeOrder(
    db,
    gateway,
    {
      bagId,
      customerId: request.customerId,
      idempotencyKey: request.key,
      body: request.input,
      expectedTotal: request.input.amountDue,
      expectedAmountDue: request.input.amountDue,
      requirePayment: true,
      wallet: {
        sessionId: merchantSessionIdentifier,
        spendSession: async (tx, id) => (await spendMerchantSession(tx, id, new Date())) === 'ok',
        cardToken,
        card,
        shippingAddress: shipping.address,
        billingAddress: billing.address,
        email: email.email,
      },
    },
    request.leaseMs,
  );
  return withErrors(reply);
}

const withErrors = (reply: PlacementReply): WalletReply => ({ ...reply, result: { ...reply.result, errors: [] } });
