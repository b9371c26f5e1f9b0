import { sql, type Expression, type OnConflictBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { lockedRead, type Param, prepared, preparedWritesByShape } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';
import type { LoadedCheckout } from '../commerce/basket-load.ts';
import type { CheckoutAddress, KeptWebPayment, PaymentView } from '#src/lib/checkout/checkout-types.ts';
import type { CardOnFile, PaymentSource } from '../payments/gateway.ts';
import { NO_EXPIRY, type StoreCardSource } from '../store-card/store-card-source.ts';
import { PROTECTION_CHOICE, type ProtectionChoice } from '../protection/package-protection.ts';

/**
 * What the shopper has told the checkout, one row per bag (basket_checkout). Every write here runs inside a bag
 * write transaction that has locked the bag first (see checkout-service.ts), so it cannot race a placement.
 */

/**
 * The card kept on the bag: what pays (a single-use token, or a saved card's payment method at the gateway) and the
 * gateway's own description of the card; never a number or a security code.
 */
/** A card at the gateway, or the store card's account (src/server/store-card/). */
export type CheckoutPaymentSource = PaymentSource | StoreCardSource;

export interface StoredPayment extends CardOnFile {
  source: CheckoutPaymentSource;
  savedCardId: string | null;
}

export interface CheckoutRecord {
  email: string | null;
  emailSubscribe: boolean;
  shippingAddress: CheckoutAddress | null;
  shippingMethodConfirmed: boolean;
  billingAddress: CheckoutAddress | null;
  billingSame: boolean;
  payment: StoredPayment | null;
  /** Package protection: not chosen yet, added, or removed by the shopper (PROTECTION_CHOICE). */
  protection: ProtectionChoice;
  /** The shopper chose EcoShip; held for the bag's session (checkout spec §4 "Others"). */
  ecoship: boolean;
  /** PayPal approved from the bag whose address the bag could not take: the payment while the shopper corrects it. */
  webPayment: KeptWebPayment | null;
}

export const EMPTY_RECORD: CheckoutRecord = {
  email: null,
  emailSubscribe: false,
  shippingAddress: null,
  shippingMethodConfirmed: false,
  billingAddress: null,
  billingSame: true,
  payment: null,
  protection: PROTECTION_CHOICE.undecided,
  ecoship: false,
  webPayment: null,
};

const parse = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

/** Read by every checkout request and placement: compiled once (db/prepared.ts). */
const checkoutRow = prepared((tx: Tx, basketId: string) => tx.selectFrom('basket_checkout').selectAll().where('basket_id', '=', basketId));

export async function readCheckout(tx: Tx, basketId: string | null): Promise<CheckoutRecord> {
  if (!basketId) return EMPTY_RECORD;
  const [row] = await checkoutRow(tx, basketId);
  return checkoutRecordOf(row ?? null);
}

/** The record a stored row holds (the row as the bag's read gives it too: src/server/commerce/basket-load.ts). */
export function checkoutRecordOf(row: LoadedCheckout | null): CheckoutRecord {
  if (!row) return EMPTY_RECORD;
  return {
    email: row.email,
    emailSubscribe: row.email_subscribe === 1,
    shippingAddress: parse<CheckoutAddress>(row.shipping_address),
    shippingMethodConfirmed: row.shipping_method_confirmed === 1,
    billingAddress: parse<CheckoutAddress>(row.billing_address),
    billingSame: row.billing_same === 1,
    payment: storedPayment(parse<StoredPayment>(row.payment)),
    protection: (Object.values(PROTECTION_CHOICE) as number[]).includes(row.package_protection)
      ? (row.package_protection as ProtectionChoice)
      : PROTECTION_CHOICE.undecided,
    ecoship: row.ecoship === 1,
    webPayment: parse<KeptWebPayment>(row.web_payment),
  };
}

/** A card record that names no payment source cannot pay: the payment step asks for the card again. */
const storedPayment = (p: StoredPayment | null): StoredPayment | null => (p?.source ? p : null);

/** The columns of the fields a change names (and only those). */
function columnsOf(change: Partial<CheckoutRecord>) {
  const json = (v: unknown) => (v ? JSON.stringify(v) : null);
  const bit = (v: boolean | undefined) => (v ? 1 : 0);
  return {
    ...('email' in change && { email: change.email ?? null }),
    ...('emailSubscribe' in change && { email_subscribe: bit(change.emailSubscribe) }),
    ...('shippingAddress' in change && { shipping_address: json(change.shippingAddress) }),
    ...('shippingMethodConfirmed' in change && { shipping_method_confirmed: bit(change.shippingMethodConfirmed) }),
    // Its state beside it: a bag that ships nothing is taxed from it, and the bag's read joins the rate on it.
    ...('billingAddress' in change && { billing_address: json(change.billingAddress), billing_state_code: change.billingAddress?.stateCode ?? null }),
    ...('billingSame' in change && { billing_same: bit(change.billingSame) }),
    ...('payment' in change && { payment: json(change.payment) }),
    ...('protection' in change && { package_protection: change.protection ?? PROTECTION_CHOICE.undecided }),
    ...('ecoship' in change && { ecoship: bit(change.ecoship) }),
    ...('webPayment' in change && { web_payment: json(change.webPayment) }),
  };
}

/**
 * Records what the shopper told the checkout: one statement, the row made with the change over the empty record,
 * or only the changed columns updated (the caller holds the bag's lock, so nothing else writes the row meanwhile).
 */
export async function writeCheckout(tx: Tx, basketId: string, change: Partial<CheckoutRecord>): Promise<void> {
  const full: Record<string, Param> = { ...columnsOf({ ...EMPTY_RECORD, ...change }), updated_at: new Date().toISOString() };
  const columns = Object.keys(full);
  const changed = [...Object.keys(columnsOf(change)), 'updated_at'];
  const write = checkoutWrite(['write', columns.join(), changed.join()].join('|'), (q, [id, ...row]) =>
    q
      .insertInto('basket_checkout')
      .values({ basket_id: id, ...Object.fromEntries(columns.map((c, i) => [c, row[i]])) } as never)
      .onConflict((oc) => oc.column('basket_id').doUpdateSet(fromExcluded(changed))),
  );
  await write(tx, basketId, ...columns.map((c) => full[c] ?? null));
}

/** The columns an upsert's update sets, each to the value the insert would have written. */
const fromExcluded = (changed: string[]) => Object.fromEntries(changed.map((c) => [c, sql.ref(`excluded.${c}`)])) as never;

/**
 * The checkout's writes, one statement for each shape of call: the columns a change names, and for the one-statement
 * write also each value's SQL type, the version and the bag guard. A few shapes serve every step; building the
 * statement with Kysely at each step would cost about a tenth of a step's CPU.
 */
const checkoutWrite = preparedWritesByShape();

/**
 * A condition on the bag's own row and columns set on it in the same statement (PostgreSQL only: SQLite has no
 * data-modifying WITH, so there the caller's transaction does it). `shape` names the SQL `build` makes, the same for
 * every call that gives it; `values` are the statement's parameters, passed to `build` in order. The statement is made
 * once per shape with the first call's `build`, so `build` depends on its arguments alone.
 */
export interface BagGuard {
  shape: string;
  values: Param[];
  build: (...values: Param[]) => { set: { shipping_state_code?: Param; shipping_method_id?: Param }; where: Expression<SqlBool> };
}

/** What writeCheckoutIfOpen checks and changes beside the checkout row. */
export interface CheckoutWriteGuard {
  /** Only while the bag's version is this one: what the change was checked against was read under it. */
  version?: number;
  bag?: BagGuard;
}

/**
 * The checkout write of a step in one statement, without a transaction: the row written (and the bag's own columns
 * with it) only while the bag is open, not being placed, and passes the guard, the bag's row locked meanwhile (FOR
 * UPDATE, or the UPDATE itself, waits for a placement holding it and checks again once it commits). False when
 * nothing was written: the caller runs the step's transaction, which refuses as a bag being placed, ordered or
 * missing is refused (and settles a placement that outlived its lease), or writes when only the guard moved.
 */
export async function writeCheckoutIfOpen(
  db: Db,
  basketId: string,
  change: Partial<CheckoutRecord>,
  guard: CheckoutWriteGuard = {},
): Promise<boolean> {
  const { bag, version } = guard;
  if (bag && db.dialect !== 'postgres') return false;
  const full: Record<string, Param> = { ...columnsOf({ ...EMPTY_RECORD, ...change }), updated_at: new Date().toISOString() };
  const columns = Object.keys(full);
  const values = columns.map((c) => full[c] ?? null);
  // Typed, as a SELECT list's parameters have no column to take their type from.
  const types = values.map((v) => (typeof v === 'number' ? 'integer' : 'text'));
  const changed = [...Object.keys(columnsOf(change)), 'updated_at'];
  const shape = ['if open', columns.join(), types.join(), changed.join(), version !== undefined, bag?.shape ?? ''].join('|');
  const build = bag?.build;
  const write = checkoutWrite(shape, (tx, params) =>
    ifOpenStatement(tx, { columns, types, changed, versioned: version !== undefined, build }, params),
  );
  return (await write(db.kysely, basketId, version ?? 0, ...values, ...(bag?.values ?? []))) > 0;
}

/** writeCheckoutIfOpen's statement for one shape; `params` are the bag's id, its version, the row's values, the guard's. */
function ifOpenStatement(
  tx: Tx,
  shape: { columns: string[]; types: string[]; changed: string[]; versioned: boolean; build: BagGuard['build'] | undefined },
  params: Param[],
) {
  const { columns, types, changed, versioned, build } = shape;
  const [basketId, version, ...rest] = params;
  const row = rest.slice(0, columns.length);
  const selected = columns.map((c, i) => sql`cast(${row[i]} as ${sql.raw(types[i]!)})`.as(c));
  const onConflict = (oc: OnConflictBuilder<Database, 'basket_checkout'>) => oc.column('basket_id').doUpdateSet(fromExcluded(changed));
  if (build) {
    const { set, where } = build(...rest.slice(columns.length));
    return tx
      .with('b', (qc) =>
        qc
          .updateTable('baskets')
          .set({ ...set, updated_at: row[columns.indexOf('updated_at')] } as never)
          .where('id', '=', basketId as string)
          .where('status', '=', 'open')
          .where('placing_attempt_id', 'is', null)
          .where(where)
          .$if(versioned, (q) => q.where('version', '=', version as number))
          .returning('id'),
      )
      .insertInto('basket_checkout')
      .columns(['basket_id', ...columns] as never)
      .expression((eb) => eb.selectFrom('b').select(['b.id', ...selected] as never))
      .onConflict(onConflict);
  }
  const open = tx
    .selectFrom('baskets')
    .select(['id', ...selected] as never)
    .where('id', '=', basketId as string)
    .where('status', '=', 'open')
    .where('placing_attempt_id', 'is', null)
    .$if(versioned, (q) => q.where('version', '=', version as number));
  return tx
    .insertInto('basket_checkout')
    .columns(['basket_id', ...columns] as never)
    .expression(lockedRead(tx, open) as never)
    .onConflict(onConflict);
}

/** A card is usable through the end of its expiry month (product spec §5 "Card expiry"). */
export function isCardExpired(card: Pick<StoredPayment, 'expMonth' | 'expYear'>, now: Date): boolean {
  if (card.expYear === NO_EXPIRY) return false;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  return now.getUTCFullYear() * 12 + now.getUTCMonth() > year * 12 + (card.expMonth - 1);
}

export function paymentView(p: StoredPayment, now: Date): PaymentView {
  return {
    cardType: p.cardType,
    last4: p.last4,
    expMonth: p.expMonth,
    expYear: p.expYear,
    holder: p.holder,
    savedCardId: p.savedCardId,
    isExpired: isCardExpired(p, now),
  };
}
