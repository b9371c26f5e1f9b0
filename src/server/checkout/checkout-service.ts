import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { savedStoreCard } from '../store-card/store-card-wallet.ts';
import { paymentMethodsFor } from '../content/payment-methods.ts';
import { storeCardUnavailable } from '#src/lib/store-card/store-card-rules.ts';
import type { Db } from '../db/database.ts';
import type { Param } from '../db/prepared.ts';
import { withWriteTransaction, type Tx } from '../db/transaction.ts';
import { lockOpenBasket } from '../commerce/basket-lock.ts';
import { CommerceError } from '../commerce/errors.ts';
import { chooseShippingMethod, pruneAndReadWithCheckout, shipsToState, shipToState } from '../commerce/basket.ts';
import { readBasket, readBasketDetailed } from '../commerce/basket-read.ts';
import { PROTECTION_CHOICE } from '../protection/package-protection.ts';
import { poBoxExcludedLines, poBoxRefusal } from '#src/lib/checkout/shipping-extras.ts';
import { loadShippingCatalog, shippingMethodsFor } from '../commerce/shipping.ts';
import { isCompleteAddress, isPoBox } from '#src/lib/checkout/address-rules.ts';
import { methodAllowed } from '#src/lib/standard-delivery.ts';
import { STANDARD_DELIVERY_NAME } from '#src/lib/constants.ts';
import { basketFlash, FLASH_MESSAGES, missingBefore } from '#src/lib/checkout/flash.ts';
import { bagHoldsMembership, isSavedPayment, MEMBERSHIP_NEEDS_NEW_CARD } from '#src/lib/membership-rules.ts';
import type { CheckoutAddress, SavedAddressView, SavedCardView } from '#src/lib/checkout/checkout-types.ts';
import type { Bag, CheckoutState } from '#src/lib/commerce/bag.ts';
import {
  checkoutRecordOf,
  EMPTY_RECORD,
  isCardExpired,
  paymentView,
  readCheckout,
  writeCheckout,
  writeCheckoutIfOpen,
  type BagGuard,
  type CheckoutRecord,
  type StoredPayment,
} from './checkout-store.ts';

/**
 * The checkout's writes and its view of a bag. Each write is one transaction that locks the bag first (a bag being
 * placed refuses it with 409), so what the shopper tells the checkout never races an order.
 */

const nowIso = () => new Date().toISOString();

export async function inBag<T>(db: Db, basketId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    return work(tx);
  });
}

/** The flash list of a bag as it is now (what placing an order checks too). */
export function flashFor(basket: Bag, record: CheckoutRecord, now: Date) {
  const billing = record.billingSame && !basket.summary.isDigitalItemsOnly ? record.shippingAddress : record.billingAddress;
  return basketFlash({
    itemCount: basket.lines.length,
    digitalOnly: basket.summary.isDigitalItemsOnly,
    hasEmail: !!record.email,
    hasShippingAddress: !!record.shippingAddress,
    shippingMethodConfirmed: record.shippingMethodConfirmed,
    hasBillingAddress: !!billing,
    payment: !record.payment ? 'none' : isCardExpired(record.payment, now) ? 'expired' : 'valid',
    amountDue: basket.amountDue,
  });
}

/** The billing address in use: the shipping address when the shopper said they are the same (never for e-gift-only bags). */
export const effectiveBilling = (basket: Bag, record: CheckoutRecord): CheckoutAddress | null =>
  record.billingSame && !basket.summary.isDigitalItemsOnly ? record.shippingAddress : record.billingAddress;

/**
 * The checkout's e-mail: the one given at the information step, else a signed-in shopper's account e-mail (the
 * information step asks only guests for one, and Contact has no Change for signed-in shoppers).
 */
export async function withAccountEmail(tx: Tx, record: CheckoutRecord, customerId: string | null): Promise<CheckoutRecord> {
  if (record.email || !customerId) return record;
  return withEmailOf(record, await accountEmail(tx, customerId));
}

/**
 * Refuses a payment-page submit while a page before it is not done (the shipping step above all: the shopper must
 * have chosen a speed and seen EcoShip and package protection), whatever the browser showed.
 */
async function requireStepsBeforePayment(tx: Tx, basketId: string, customerId: string | null, now: Date): Promise<void> {
  const { missing } = await stepsBeforePayment(tx, basketId, customerId, now);
  if (missing) throw new CommerceError('conflict', missing.message);
}

/** What a payment-page submit still lacks (a flash, or none), on the bag as read under its version (null: no open bag). */
async function stepsBeforePayment(tx: Tx, basketId: string, customerId: string | null, now: Date) {
  // The bag and its checkout row in one statement (src/server/commerce/basket-load.ts).
  const { view, checkout, version } = await readBasketDetailed(tx, basketId);
  const record = await withAccountEmail(tx, checkoutRecordOf(checkout), customerId);
  return { version, missing: missingBefore(flashFor(view, record, now), 'payment') };
}

const accountEmail = (tx: Tx, customerId: string) =>
  tx.selectFrom('customers').select(['email', 'first_name', 'last_name']).where('id', '=', customerId).executeTakeFirst();
const withEmailOf = (record: CheckoutRecord, account: { email: string } | undefined): CheckoutRecord =>
  record.email || !account ? record : { ...record, email: account.email };

/** The checkout as the bag and its record hold it; the facade adds what outside services say (the pay-later offer). */
export async function readCheckoutView(db: Db, basketId: string | null, customerId: string | null): Promise<Omit<CheckoutState, 'payLater'>> {
  const now = new Date();
  // Everything at once (one round trip on PostgreSQL's pool, not several in a row): the bag with its checkout record
  // (one statement), the account's e-mail, what shipping is priced from (kept per catalog version), the saved
  // addresses and cards.
  const [{ bag: basket, checkout }, account, shipping, savedAddresses, savedCards, storeCard] = await Promise.all([
    pruneAndReadWithCheckout(db, basketId),
    customerId ? accountEmail(db.kysely, customerId) : undefined,
    loadShippingCatalog(db),
    customerId ? listSavedAddresses(db, customerId) : [],
    customerId ? listSavedCards(db, customerId, now) : [],
    customerId ? savedStoreCard(db, customerId) : null,
  ]);
  // A bag that is not open (placed meanwhile) reads as empty: so does its record.
  const own = basket.basketId === basketId ? checkoutRecordOf(checkout) : EMPTY_RECORD;
  const record = withEmailOf(own, account);
  const methods = basket.summary.isDigitalItemsOnly ? null : shippingMethodsFor(shipping, basket);
  const applicablePaymentMethods = paymentMethodsFor(basket.lines.map((l) => l.brand));
  const storeCardOffered = applicablePaymentMethods.includes('plcc');
  return {
    basket,
    signedIn: !!customerId,
    accountName: account ? { firstName: account.first_name, lastName: account.last_name } : null,
    email: record.email,
    emailSubscribe: record.emailSubscribe,
    shippingAddress: record.shippingAddress,
    billingAddress: effectiveBilling(basket, record),
    billingSameAsShipping: record.billingSame && !basket.summary.isDigitalItemsOnly,
    payment: record.payment ? paymentView(record.payment, now) : null,
    shippingMethods: methods?.methods ?? [],
    shippingMethodConfirmed: record.shippingMethodConfirmed,
    savedAddresses,
    savedCards,
    storeCard: storeCard && { ...storeCard, unavailable: storeCardUnavailable(storeCard, { storeCardOffered, amountDue: basket.amountDue }) },
    applicablePaymentMethods,
    _flash: flashFor(basket, record, now),
    // The problem stands while no shipping address is given; PayPal stays the payment until the order is placed.
    webPayment: own.webPayment && { ...own.webPayment, problem: record.shippingAddress ? null : own.webPayment.problem },
  };
}

export async function setEmail(db: Db, basketId: string, email: string, subscribe: boolean): Promise<void> {
  const change = { email, emailSubscribe: subscribe };
  if (await writeCheckoutIfOpen(db, basketId, change)) return;
  await inBag(db, basketId, (tx) => writeCheckout(tx, basketId, change));
}

/**
 * The guards of the address and method steps' one statement on PostgreSQL (checkout-store.ts BagGuard), each built
 * from its arguments alone: the statement is made once per shape, with the first call's guard.
 */
const STATE_WE_SHIP_TO: Omit<BagGuard, 'values'> = {
  shape: 'state we ship to',
  build: (state) => ({ set: { shipping_state_code: state }, where: shipsToState(state) }),
};
const methodOffered = (method: Param) => sql<SqlBool>`exists (select 1 from shipping_methods where id = ${method})`;
const METHOD_OFFERED: Omit<BagGuard, 'values'> = {
  shape: 'method offered',
  build: (method) => ({ set: { shipping_method_id: method }, where: methodOffered(method) }),
};
const METHOD_OFFERED_UNHEMMED: Omit<BagGuard, 'values'> = {
  shape: 'method offered, no hemming',
  build: (method) => ({
    set: { shipping_method_id: method },
    where: sql<SqlBool>`${methodOffered(method)} and not exists (select 1 from basket_items where basket_id = baskets.id and hemming_option_id is not null)`,
  }),
};

/**
 * The shipping address; the bag's state follows it (tax, restricted-state flags). A signed-in shopper may keep it
 * in their profile (and make it their default).
 */
export async function setShippingAddress(
  db: Db,
  basketId: string,
  address: CheckoutAddress,
  save: { customerId: string; makeDefault: boolean } | null,
): Promise<void> {
  // One statement when nothing else is asked of it: a state we ship to (else the transaction below says why not), no
  // P.O. box (whose lines the transaction reads), no profile to keep it in.
  const bag = { ...STATE_WE_SHIP_TO, values: [address.stateCode] };
  if (!save && !isPoBox(address) && (await writeCheckoutIfOpen(db, basketId, { shippingAddress: address }, { bag }))) return;
  await inBag(db, basketId, async (tx) => {
    // A refusal below rolls the state back with the rest of the transaction.
    if (!(await shipToState(tx, basketId, address.stateCode))) throw new CommerceError('invalid', 'Please choose a state we ship to.');
    const refused = poBoxExcludedLines(address, (await readBasket(tx, basketId)).lines, (l) => l.poBoxExcluded);
    if (refused.length > 0) throw new CommerceError('conflict', poBoxRefusal(refused));
    await writeCheckout(tx, basketId, { shippingAddress: address });
    if (save) await saveAddress(tx, save.customerId, address, save.makeDefault);
  });
}

/** A signed-in shopper's saved address, chosen for this bag: checked again (it may be incomplete). */
export async function chooseSavedAddress(db: Db, basketId: string, customerId: string, addressId: string): Promise<void> {
  const row = await db.kysely
    .selectFrom('customer_addresses')
    .select('address')
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new CommerceError('not_found', 'That address is no longer in your profile.');
  const address = JSON.parse(row.address) as CheckoutAddress;
  if (!isCompleteAddress(address)) throw new CommerceError('invalid', 'This address is incomplete. Please edit it or enter another.');
  await setShippingAddress(db, basketId, address, null);
}

/** The shipping step's submit: the bag's method and the step done, in one transaction. */
export async function confirmShippingMethod(db: Db, basketId: string, methodId: string): Promise<void> {
  // One statement while the method exists and the bag allows it (the rule of chooseShippingMethod); else the
  // transaction below says why not.
  const bag = { ...(methodAllowed(methodId, true) ? METHOD_OFFERED : METHOD_OFFERED_UNHEMMED), values: [methodId] };
  if (await writeCheckoutIfOpen(db, basketId, { shippingMethodConfirmed: true }, { bag })) return;
  await inBag(db, basketId, async (tx) => {
    await chooseShippingMethod(tx, basketId, methodId);
    await writeCheckout(tx, basketId, { shippingMethodConfirmed: true });
  });
}

/**
 * The card (described by the gateway, or one of the shopper's saved cards) and the billing address for the bag. A
 * card the shopper asked to keep was made a saved payment method at the gateway first (card-on-file.ts); it is
 * added to their profile here, and this order pays with it.
 */
export async function setPayment(
  db: Db,
  basketId: string,
  input: {
    card: Omit<StoredPayment, 'savedCardId'> | null;
    savedCardId: string | null;
    billingSame: boolean;
    billingAddress: CheckoutAddress | null;
    customerId: string | null;
  },
): Promise<void> {
  const now = new Date();
  await inBag(db, basketId, async (tx) => {
    let payment: StoredPayment;
    if (input.savedCardId) {
      if (!input.customerId) throw new CommerceError('invalid', 'Please sign in to use a saved card.');
      const card = await savedCard(tx, input.customerId, input.savedCardId);
      if (!card) throw new CommerceError('not_found', 'That card is no longer in your profile.');
      payment = card;
    } else if (input.card) {
      // Kept in the profile for next time; this order pays with the card just entered (no security code asked again).
      if (input.customerId && input.card.source.kind === 'saved') await saveCard(tx, input.customerId, input.card);
      payment = { ...input.card, savedCardId: null };
    } else {
      throw new CommerceError('invalid', FLASH_MESSAGES.PaymentInstrumentRequired);
    }
    // A membership is paid with a new card: neither a saved card nor the holder's saved store card (checkout spec §4).
    if (isSavedPayment(payment) && bagHoldsMembership((await readBasket(tx, basketId)).lines.map((l) => l.productType)))
      throw new CommerceError('conflict', MEMBERSHIP_NEEDS_NEW_CARD);
    if (isCardExpired(payment, now)) throw new CommerceError('invalid', 'This card has expired. Please use another card.');
    await requireStepsBeforePayment(tx, basketId, input.customerId, now);
    await writeCheckout(tx, basketId, { payment, billingSame: input.billingSame, billingAddress: input.billingSame ? null : input.billingAddress });
  });
}

/** One of the shopper's saved cards, as the bag keeps it; null when it is not theirs or cannot pay. */
async function savedCard(tx: Tx, customerId: string, savedCardId: string): Promise<StoredPayment | null> {
  const row = await tx
    .selectFrom('customer_cards')
    .select('card')
    .where('id', '=', savedCardId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  const card = row ? (JSON.parse(row.card) as Omit<StoredPayment, 'savedCardId'>) : null;
  return card?.source?.kind === 'saved' ? { ...card, savedCardId } : null;
}

/** The shopper's customer record at the gateway (every saved card is attached to it), or null before the first. */
export async function gatewayCustomerOf(db: Db, customerId: string): Promise<string | null> {
  const rows = await db.kysely.selectFrom('customer_cards').select('card').where('customer_id', '=', customerId).execute();
  for (const row of rows) {
    const { source } = JSON.parse(row.card) as Partial<StoredPayment>;
    if (source?.kind === 'saved') return source.customerRef;
  }
  return null;
}

/**
 * The billing address alone (PUT billing_address/update/): the same as shipping, or its own. Also the payment
 * page's submit when the shopper keeps the card already on the order.
 */
export async function setBilling(
  db: Db,
  basketId: string,
  customerId: string | null,
  billingSame: boolean,
  billingAddress: CheckoutAddress | null,
): Promise<void> {
  const change = { billingSame, billingAddress: billingSame ? null : billingAddress };
  // The steps checked on the bag as read, and the record written only while the bag is still that version; else
  // checked and written again in one transaction.
  const { version, missing } = await stepsBeforePayment(db.kysely, basketId, customerId, new Date());
  if (version !== null && !missing && (await writeCheckoutIfOpen(db, basketId, change, { version }))) return;
  await inBag(db, basketId, async (tx) => {
    await requireStepsBeforePayment(tx, basketId, customerId, new Date());
    await writeCheckout(tx, basketId, change);
  });
}

async function saveAddress(tx: Tx, customerId: string, address: CheckoutAddress, makeDefault: boolean): Promise<void> {
  if (makeDefault) await tx.updateTable('customer_addresses').set({ preferred: 0 }).where('customer_id', '=', customerId).execute();
  const existing = await tx.selectFrom('customer_addresses').select(['id', 'address']).where('customer_id', '=', customerId).execute();
  const same = existing.find((r) => r.address === JSON.stringify(address));
  if (same) {
    if (makeDefault) await tx.updateTable('customer_addresses').set({ preferred: 1 }).where('id', '=', same.id).execute();
    return;
  }
  await tx
    .insertInto('customer_addresses')
    .values({
      id: randomUUID(),
      customer_id: customerId,
      address: JSON.stringify(address),
      preferred: makeDefault || existing.length === 0 ? 1 : 0,
      created_at: nowIso(),
    })
    .execute();
}

async function saveCard(tx: Tx, customerId: string, card: Omit<StoredPayment, 'savedCardId'>): Promise<void> {
  await tx
    .insertInto('customer_cards')
    .values({ id: randomUUID(), customer_id: customerId, card: JSON.stringify(card), created_at: nowIso() })
    .execute();
}

/** Saved addresses, default first; incomplete ones are listed (disabled in the list). */
export async function listSavedAddresses(db: Db, customerId: string): Promise<SavedAddressView[]> {
  const rows = await db.kysely
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('preferred', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => {
    const address = JSON.parse(r.address) as CheckoutAddress;
    return { addressId: r.id, address, preferred: r.preferred === 1, incomplete: !isCompleteAddress(address) };
  });
}

export async function listSavedCards(db: Db, customerId: string, now = new Date()): Promise<SavedCardView[]> {
  const rows = await db.kysely.selectFrom('customer_cards').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').execute();
  return rows.flatMap((r) => {
    const card = JSON.parse(r.card) as StoredPayment;
    return card.source?.kind === 'saved' ? [{ ...paymentView({ ...card, savedCardId: r.id }, now), paymentInstrumentId: r.id }] : [];
  });
}

/** The profile additions of checkout spec §7 customerdata/: addresses and cards a signed-in shopper keeps. */
export async function addCustomerData(
  db: Db,
  customerId: string,
  data: { addresses: CheckoutAddress[]; cards: Omit<StoredPayment, 'savedCardId'>[] },
): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    for (const address of data.addresses) await saveAddress(tx, customerId, address, false);
    for (const card of data.cards) await saveCard(tx, customerId, card);
  });
}

export type ProtectionAction = 'add' | 'remove' | 'autoapply';

/**
 * Package protection on the bag (POST /checkout/api/route_package_protection). 'autoapply' adds it only while the
 * shopper has never chosen (the island sends it on first entering the shipping step), so a removal sticks; 'add'
 * is refused when protection is not offered for the bag (its fee is 0).
 */
export async function choosePackageProtection(db: Db, basketId: string, action: ProtectionAction): Promise<void> {
  await inBag(db, basketId, async (tx) => {
    const record = await readCheckout(tx, basketId);
    const offered = (await readBasket(tx, basketId)).packageProtection.fee > 0;
    if (action === 'remove') return writeCheckout(tx, basketId, { protection: PROTECTION_CHOICE.removed });
    if (action === 'add') {
      if (!offered) throw new CommerceError('invalid', 'Package protection is not offered for this bag.');
      return writeCheckout(tx, basketId, { protection: PROTECTION_CHOICE.added });
    }
    if (offered && record.protection === PROTECTION_CHOICE.undecided) await writeCheckout(tx, basketId, { protection: PROTECTION_CHOICE.added });
  });
}

/** EcoShip on or off for the bag; held with the checkout (checkout spec §4 "Others"). On only for a bag it applies to. */
export async function chooseEcoship(db: Db, basketId: string, selected: boolean): Promise<void> {
  await inBag(db, basketId, async (tx) => {
    if (selected && !(await readBasket(tx, basketId)).ecoship.isEcoshipApplicable) {
      throw new CommerceError('invalid', `EcoShip is available only for items shipped by ${STANDARD_DELIVERY_NAME}.`);
    }
    await writeCheckout(tx, basketId, { ecoship: selected });
  });
}
