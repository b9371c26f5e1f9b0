import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { CURRENCY, DEFAULT_SHIPPING_METHOD_ID, STANDARD_DELIVERY_ONLY_MESSAGE } from '#src/lib/constants.ts';
import { isEGiftCard, isGiftCard, isMembership } from '#src/lib/product-types.ts';
import { MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';
import { refuseIfAlreadyMember, requireNewCard } from '../perks/memberships.ts';
import { methodAllowed } from '#src/lib/standard-delivery.ts';
import type { Db } from '../db/database.ts';
import { prepared, preparedRowWrite, preparedWrite, type Param } from '../db/prepared.ts';
import { deleteLineOfBag, lineOfBag, linesOfBag, otherLinesOfSku, setLineQuantity } from './bag-lines.ts';
import { BAG_LINE_COLUMNS, lineRow, NO_GIFT, type BagLineRow, type GiftFields } from './bag-line-row.ts';
import { withWriteTransaction, type Tx } from '../db/transaction.ts';
import type { BagHolder, NewHolding } from '../session/bag-holder.ts';
import { lockOpenBasket, touchBag, touchBagLastAdded, tryLockOpenBasket } from './basket-lock.ts';
import { assertQuantityAllowed, loadVariant, resolveHemming, type LoadedVariant } from './variant-limits.ts';
import { claimBonusItem, pruneBonusLines } from './bonus-lines.ts';
import { CommerceError } from './errors.ts';
import { assertLineChangeable } from './line-rules.ts';
import { readBasketDetailed } from './basket-read.ts';
import type { LoadedCheckout } from './basket-load.ts';
import { preselectMemberMethod } from './member-shipping.ts';
import type { Bag, LineChoice } from '#src/lib/commerce/bag.ts';
import { EMAIL_REQUIRED } from '#src/lib/schemas/email.ts';

/**
 * Basket writes. Each runs in one write transaction that first locks the basket row, so two requests for the
 * same bag (two tabs, two app instances) apply one after the other and no half-written basket is ever visible.
 */

const nowIso = () => new Date().toISOString();

// The writes of an add, the most frequent write a shopper makes: compiled once (db/prepared.ts).
const newBagRow = (id: string, lastAddedItemId: string | null, now: string) => ({
  id,
  currency: CURRENCY,
  shipping_method_id: DEFAULT_SHIPPING_METHOD_ID,
  shipping_state_code: null,
  status: 'open',
  last_added_item_id: lastAddedItemId,
  created_at: now,
  updated_at: now,
});
const insertBasket = preparedWrite((tx: Tx, id: string, lastAddedItemId: string | null, now: string) =>
  tx.insertInto('baskets').values(newBagRow(id, lastAddedItemId, now)),
);

const insertLine = preparedRowWrite(BAG_LINE_COLUMNS, (tx: Tx, row: BagLineRow) => tx.insertInto('basket_items').values(row));

export async function createBasket(tx: Tx, lastAddedItemId: string | null = null): Promise<string> {
  const id = randomUUID();
  await insertBasket(tx, id, lastAddedItemId, nowIso());
  return id;
}

function giftFields(v: LoadedVariant, input: LineChoice): GiftFields {
  if (!isGiftCard(v.product_type)) return { ...NO_GIFT, gift_message: input.giftMessage ?? null };
  if (!input.giftCardRecipient) throw new CommerceError('invalid', 'Please add To');
  // The e-gift card asks for 'Your name' where the plastic card asks 'From' (product spec §5 messages).
  if (!input.giftCardSender) throw new CommerceError('invalid', isEGiftCard(v.product_type) ? 'Please add your name' : 'Please add From');
  if (isEGiftCard(v.product_type) && !input.giftCardRecipientEmail) {
    throw new CommerceError('invalid', EMAIL_REQUIRED);
  }
  return {
    gift_recipient: input.giftCardRecipient,
    gift_sender: input.giftCardSender,
    gift_recipient_email: input.giftCardRecipientEmail ?? null,
    gift_message: input.giftMessage ?? null,
  };
}

/** The line an add asks for, checked (but for its quantity, which depends on the bag's lines). */
async function lineOf(tx: Tx, input: LineChoice, customerId: string | null) {
  const v = await loadVariant(tx, input.productId);
  if (!v) throw new CommerceError('not_found', 'That item could not be found. Please choose another size or colour.');
  if (isMembership(v.product_type)) {
    if (!customerId) throw new CommerceError('unauthorized', MEMBERSHIP_NEEDS_SIGN_IN);
    await refuseIfAlreadyMember(tx, customerId, v.brand_code);
  }
  return { v, hem: await resolveHemming(tx, v, input), gift: giftFields(v, input) };
}

/**
 * A guest's first add on PostgreSQL: the line checked on what the catalog says, then the bag, its holder's row and
 * the line written in one statement (data-modifying WITH), which is atomic without a transaction around it. Nothing
 * else can hold or change a bag no one has seen yet, so there is nothing to lock.
 */
async function firstAdd(db: Db, input: LineChoice, newHolding: NonNullable<BagHolder['newHolding']>): Promise<{ basketId: string; itemId: string }> {
  const { v, hem, gift } = await lineOf(db.kysely, input, null);
  assertQuantityAllowed(v, input.quantity);
  const [basketId, itemId, now] = [randomUUID(), randomUUID(), nowIso()];
  const holding = newHolding(basketId);
  const line = lineRow({ id: itemId, basketId, createdAt: now, quantity: input.quantity, position: 0 }, v, { hem, gift });
  await firstAddWrite(holding.insert)(db.kysely, basketId, itemId, now, ...holding.values, ...BAG_LINE_COLUMNS.map((c) => line[c]));
  return { basketId, itemId };
}

/**
 * The first add's one statement for a holder's kind of row, compiled once (db/prepared.ts): the holder's values, then
 * the line's in BAG_LINE_COLUMNS order. One entry for each holder's `insert` function, and the code has one.
 */
const firstAddWrites = new Map<NewHolding['insert'], ReturnType<typeof buildFirstAdd>>();
const firstAddWrite = (insert: NewHolding['insert']) => {
  let write = firstAddWrites.get(insert);
  if (!write) {
    write = buildFirstAdd(insert);
    firstAddWrites.set(insert, write);
  }
  return write;
};
const buildFirstAdd = (insert: NewHolding['insert']) =>
  preparedWrite((tx: Tx, basketId: string, itemId: string, now: string, ...rest: Param[]) => {
    const holderValues = rest.slice(0, rest.length - BAG_LINE_COLUMNS.length);
    const lineValues = rest.slice(rest.length - BAG_LINE_COLUMNS.length);
    const line = Object.fromEntries(BAG_LINE_COLUMNS.map((c, i) => [c, lineValues[i] ?? null])) as BagLineRow;
    return tx
      .with('new_holder', (q) => insert(q, ...holderValues))
      .with('new_bag', (q) => q.insertInto('baskets').values(newBagRow(basketId, itemId, now)))
      .insertInto('basket_items')
      .values(line);
  });

/**
 * Adds a variant to the basket (creating the basket when the session has none). The same variant with the same
 * options joins the existing line; the combined quantity must stay within the item's limit and its stock.
 * Prices are never taken from the request.
 */
export async function addItem(
  db: Db,
  basketId: string | null,
  input: LineChoice,
  holder?: BagHolder,
  customerId: string | null = null,
): Promise<{ basketId: string; itemId: string }> {
  if (input.bonusDiscountLineItemId) return claimBonusItem(db, basketId, input);
  if (!basketId && !customerId && holder?.newHolding && db.dialect === 'postgres') return firstAdd(db, input, holder.newHolding);
  return withWriteTransaction(db, async (tx) => {
    const { v, hem, gift } = await lineOf(tx, input, customerId);

    // With a holder (the session), its bag is read under the holder's lock and a new bag is handed to it in this
    // same transaction: two first adds at once (a double click, two tabs) end in one bag, and a bag is never
    // created without its holder knowing it.
    const held = holder ? await holder.lockBasketId(tx) : undefined;
    const current = held === undefined ? basketId : held;
    // A session whose bag was ordered or removed starts a new one rather than failing the shopper. A new bag is
    // made with its first line's id already its last added, and has no lines to read.
    const existing = (await tryLockOpenBasket(tx, current)) ? current : null;
    const newItemId = randomUUID();
    const id = existing ?? (await createBasket(tx, newItemId));
    const lines = existing ? await linesOfBag(tx, id) : [];
    const same = lines.find(
      (l) =>
        l.bonus_promotion_id === null &&
        l.sku === v.sku &&
        l.hemming_option_id === hem &&
        l.gift_recipient === gift.gift_recipient &&
        l.gift_sender === gift.gift_sender &&
        l.gift_recipient_email === gift.gift_recipient_email &&
        l.gift_message === gift.gift_message,
    );
    const alreadyOfSku = lines.filter((l) => l.sku === v.sku).reduce((s, l) => s + l.quantity, 0);
    assertQuantityAllowed(v, alreadyOfSku + input.quantity);
    // Held once the add is known to go ahead: a refused add leaves its holder as it was.
    if (held !== undefined && id !== held) await holder?.holdBasket(tx, id);

    let itemId: string;
    if (same) {
      itemId = same.id;
      await setLineQuantity(tx, same.quantity + input.quantity, same.id);
    } else {
      itemId = newItemId;
      const position = lines.reduce((m, l) => Math.max(m, l.position + 1), 0);
      await insertLine(tx, lineRow({ id: itemId, basketId: id, createdAt: nowIso(), quantity: input.quantity, position }, v, { hem, gift }));
    }
    if (existing) await touchBagLastAdded(tx, id, itemId, nowIso());
    if (existing && isMembership(v.product_type)) await requireNewCard(tx, id);
    // A member's new bag starts on the method their membership makes free.
    if (!existing && customerId) await preselectMemberMethod(tx, id, customerId);
    return { basketId: id, itemId };
  });
}

export async function updateItemQuantity(db: Db, basketId: string, itemId: string, quantity: number): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    const [line] = await lineOfBag(tx, itemId, basketId);
    if (!line) throw new CommerceError('not_found', 'That item is no longer in your bag.');
    await assertLineChangeable(tx, basketId, line, 'quantity');
    const v = await loadVariant(tx, line.sku);
    if (!v) throw new CommerceError('not_found', 'That item is no longer sold. Please remove it.');
    const others = await otherLinesOfSku(tx, basketId, line.sku, itemId);
    assertQuantityAllowed(v, others.reduce((s, o) => s + o.quantity, 0) + quantity);
    await setLineQuantity(tx, quantity, itemId);
    await touchBag(tx, basketId, nowIso());
  });
}

export async function removeItem(db: Db, basketId: string, itemId: string): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    if ((await deleteLineOfBag(tx, itemId, basketId)) === 0) throw new CommerceError('not_found', 'That item is no longer in your bag.');
    await touchBagLastAdded(tx, basketId, null, nowIso());
  });
}

export async function setShippingMethod(db: Db, basketId: string, methodId: string): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    await chooseShippingMethod(tx, basketId, methodId);
  });
}

/**
 * The bag's method, in the caller's transaction that has locked the bag: one of the methods offered, and Regular
 * while the bag holds a hemmed line. Both asked in one statement.
 */
export async function chooseShippingMethod(tx: Tx, basketId: string, methodId: string): Promise<void> {
  const { method, hemmed } = await methodAndHemming(tx, methodId, basketId).then((rows) => rows[0]!);
  if (!method) throw new CommerceError('invalid', 'Please choose one of the shipping methods offered.');
  if (!methodAllowed(method, !!hemmed)) throw new CommerceError('invalid', STANDARD_DELIVERY_ONLY_MESSAGE);
  await setBagMethod(tx, method, nowIso(), basketId);
}

// The shipping steps' reads and writes of the bag's own columns: compiled once (db/prepared.ts).
const setBagMethod = preparedWrite((tx: Tx, method: string, now: string, basketId: string) =>
  tx.updateTable('baskets').set({ shipping_method_id: method, updated_at: now }).where('id', '=', basketId),
);
const clearBagState = preparedWrite((tx: Tx, now: string, basketId: string) =>
  tx.updateTable('baskets').set({ shipping_state_code: null, updated_at: now }).where('id', '=', basketId),
);
/** The store ships to a state when it has a tax rate: the one form of that rule, in every statement that sets a state. */
export const shipsToState = (code: Param) => sql<SqlBool>`exists (select 1 from tax_rates where state_code = ${code})`;

const takeBagState = preparedWrite((tx: Tx, code: string, now: string, basketId: string) =>
  tx.updateTable('baskets').set({ shipping_state_code: code, updated_at: now }).where('id', '=', basketId).where(shipsToState(code)),
);

/**
 * The bag takes the state, in the caller's transaction that has locked the bag, when the store ships there (the
 * state has a tax rate): one statement. False, with nothing written, when the store does not ship there.
 */
export async function shipToState(tx: Tx, basketId: string, code: string): Promise<boolean> {
  return (await takeBagState(tx, code, nowIso(), basketId)) > 0;
}

const methodAndHemming = prepared((tx: Tx, methodId: string, basketId: string) =>
  tx.selectNoFrom((eb) => [
    eb.selectFrom('shipping_methods').select('id').where('id', '=', methodId).as('method'),
    eb.selectFrom('basket_items').select('id').where('basket_id', '=', basketId).where('hemming_option_id', 'is not', null).limit(1).as('hemmed'),
  ]),
);

/**
 * The state the basket ships to (the checkout's shipping address sets it): it selects the tax rate and flags lines
 * whose product may not be shipped there. Null clears it. Unknown codes are refused.
 */
export async function setShippingState(db: Db, basketId: string, stateCode: string | null): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    if (stateCode === null) await clearBagState(tx, nowIso(), basketId);
    else if (!(await shipToState(tx, basketId, stateCode.toUpperCase()))) throw new CommerceError('invalid', 'Please enter a valid state.');
  });
}

/** The basket as the shopper sees it. Free gifts the bag no longer qualifies for are removed here, at the read. */
export async function pruneAndReadBasket(db: Db, basketId: string | null): Promise<Bag> {
  return (await pruneAndReadWithCheckout(db, basketId)).bag;
}

/** As pruneAndReadBasket, with the bag's checkout row read in the same statement (null: none, or no open bag). */
export async function pruneAndReadWithCheckout(db: Db, basketId: string | null): Promise<{ bag: Bag; checkout: LoadedCheckout | null }> {
  const read = await readBasketDetailed(db.kysely, basketId);
  if (read.staleBonusItemIds.length === 0 || !basketId) return { bag: read.view, checkout: read.checkout };
  // Only free-gift lines are removed: the checkout row read with the bag stands.
  return { bag: await pruneBonusLines(db, basketId), checkout: read.checkout };
}
