import * as v from 'valibot';
import {
  AddressSchema,
  addressFieldErrors,
  ADDRESS_FIELDS,
  normalizeAddress,
  type AddressDraft,
  type AddressField,
} from '#src/lib/checkout/address-rules.ts';
import { poBoxExcludedLines, poBoxRefusal, restrictedStateRefusal } from '#src/lib/checkout/shipping-extras.ts';
import { Email } from '#src/lib/schemas/email.ts';
import { stateCodeOf } from '#src/lib/wallet/wallet-contact.ts';
import type { Db } from '../db/database.ts';
import { shipToState } from '../commerce/basket.ts';
import { readBasket } from '../commerce/basket-read.ts';
import { bagShipsNothing } from '../commerce/basket-load.ts';
import { writeCheckout } from './checkout-store.ts';
import { inBag } from './checkout-service.ts';
import type { WebOrder } from '../payments/web-payment.ts';
import type { KeptWebPayment } from '#src/lib/checkout/checkout-types.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';

/**
 * PayPal from the bag: the payer and the address they chose at PayPal become the checkout's (as Apple Pay's sheet
 * contacts do), so a shopper who typed nothing pays in PayPal alone. The address is held to the checkout's own rules
 * (the address form's schema, a state the bag's items ship to, no P.O. box for items that cannot go to one); one it
 * fails is not taken, and its first problem is named at its field for the checkout to show.
 */
export interface ContactProblem {
  field: AddressField | 'email';
  message: string;
}

export interface WebPaymentContacts {
  email: string;
  /** PayPal's address in the form's terms, as given (the checkout shows it with the problem, if there is one). */
  address: AddressDraft;
}

const NO_ADDRESS = 'PayPal did not give a shipping address. Please enter one.';

/** PayPal's payer and shipping in the checkout's terms; the shipping name falls back to the payer's. */
export function contactsOf(order: Pick<WebOrder, 'payer' | 'shipping'>): WebPaymentContacts {
  const { payer, shipping } = order;
  const [first = '', ...rest] = (shipping?.fullName ?? '').trim().split(/\s+/);
  const named = first !== '' && rest.length > 0;
  return {
    email: payer?.email ?? '',
    address: normalizeAddress({
      firstName: named ? first : (payer?.firstName ?? ''),
      lastName: named ? rest.join(' ') : (payer?.lastName ?? ''),
      address1: shipping?.address1 ?? '',
      address2: shipping?.address2 ?? '',
      city: shipping?.city ?? '',
      stateCode: stateCodeOf(shipping?.state ?? ''),
      postalCode: shipping?.postalCode ?? '',
      phone: payer?.phone ?? '',
      countryCode: shipping?.countryCode ?? '',
    }),
  };
}

/** The contacts' first problem by the form's rules alone (no bag needed), or null. */
export function formProblem(contacts: WebPaymentContacts, shipsNothing: boolean): ContactProblem | null {
  const email = v.safeParse(Email, contacts.email);
  if (!email.success) return { field: 'email', message: email.issues[0].message };
  if (shipsNothing) return null;
  if (!contacts.address.address1) return { field: 'address1', message: NO_ADDRESS };
  const errors = addressFieldErrors(contacts.address);
  const field = ADDRESS_FIELDS.find((f) => errors[f]);
  return field ? { field, message: errors[field] ?? '' } : null;
}

/** Refuses what the bag cannot take, rolling its writes back; the caller still keeps the payer's e-mail. */
class Unshippable extends Error {
  readonly problem: ContactProblem;
  constructor(problem: ContactProblem) {
    super(problem.message);
    this.problem = problem;
  }
}

/**
 * Takes PayPal's contacts as the bag's checkout: its e-mail, its shipping address (setting the state the bag is
 * taxed for) and the bag's shipping method as chosen. Answers the problem when the bag cannot ship there; then the
 * e-mail alone is taken, and PayPal's order is kept as the bag's payment with the address and its problem
 * (KeptWebPayment), for the checkout to show. Taken, it answers the bag as priced for that state (what the placement
 * is asked to take: the contacts' own columns change no price).
 */
export async function takeWebPaymentContacts(
  db: Db,
  bagId: string,
  orderId: string,
  contacts: WebPaymentContacts,
): Promise<{ problem: ContactProblem; bag?: never } | { problem: null; bag: Bag }> {
  const shipsNothing = await bagShipsNothing(db.kysely, bagId);
  const keep = async (problem: ContactProblem) => {
    const email = v.safeParse(Email, contacts.email);
    const webPayment: KeptWebPayment = { orderId, email: contacts.email, address: contacts.address, problem };
    // The bag's shipping method stands as chosen: the corrected address leads straight back to paying.
    await inBag(db, bagId, (tx) =>
      writeCheckout(tx, bagId, { ...(email.success && { email: email.output }), webPayment, shippingMethodConfirmed: !shipsNothing }),
    );
    return { problem };
  };
  const problem = formProblem(contacts, shipsNothing);
  if (problem) return keep(problem);
  const email = v.parse(Email, contacts.email);
  try {
    const taken = await inBag(db, bagId, async (tx) => {
      if (shipsNothing) {
        await writeCheckout(tx, bagId, { email, webPayment: null });
        return readBasket(tx, bagId);
      }
      const address = v.parse(AddressSchema, contacts.address);
      if (!(await shipToState(tx, bagId, address.stateCode)))
        throw new Unshippable({ field: 'stateCode', message: 'Please choose a state we ship to.' });
      const shipping = await readBasket(tx, bagId);
      const poBox = poBoxExcludedLines(address, shipping.lines, (l) => l.poBoxExcluded);
      if (poBox.length > 0) throw new Unshippable({ field: 'address1', message: poBoxRefusal(poBox) });
      const restricted = shipping.lines.filter((l) => l.showRestrictedShippingStateMessage);
      if (restricted.length > 0) throw new Unshippable({ field: 'stateCode', message: restrictedStateRefusal(restricted) });
      // The e-mail and the address in one write: a refusal above rolls back whatever the transaction wrote.
      await writeCheckout(tx, bagId, { email, webPayment: null, shippingAddress: address, shippingMethodConfirmed: true });
      return shipping;
    });
    return { problem: null, bag: taken };
  } catch (err) {
    if (!(err instanceof Unshippable)) throw err;
    return keep(err.problem);
  }
}
