import { isGiftCard, isMembership, isMerchandise } from '../product-types.ts';
import { BRAND_PROGRAMMES, type BrandProgrammeId } from '../rewards/programmes.ts';
import { GIFT_CARD_METHOD } from './tender-split.ts';

/**
 * What value that is not cash may pay for (docs/decisions.md "Tenders", "What tenders pay for"), and the refusals the
 * shopper reads, in one place: the bag is priced with tenderReach, and the apply and the placement's claim ask
 * tenderRefusal of every tender (src/server/tenders/tender-checks.ts). Pure and isomorphic; amounts in integer cents.
 *
 * Gift cards, reward certificates and rewards dollars never pay for a gift card (plastic or e-gift) nor for the perks
 * membership, which a new card pays (checkout spec §4). They pay the bag's merchandise after codes, and the shipping,
 * tax and package protection of a bag that holds merchandise, never the gift card fee.
 */

/** A line only money pays for: a gift card or the perks membership. */
export const isCashOnlyLine = (productType: number): boolean => isGiftCard(productType) || isMembership(productType);

/** A bag line as the rules read it. */
export interface TenderRuleLine {
  brand: string;
  productType: number;
  productName: string;
  /** The line's price before codes (codes only discount merchandise). */
  price: number;
}

/** What tenders together may pay of this bag: the order total less its cash-only lines and the gift card fee. */
export function tenderReach(lines: readonly TenderRuleLine[], summary: { orderTotal: number; giftCardSurcharges?: number | undefined }): number {
  if (!lines.some((l) => isMerchandise(l.productType))) return 0;
  const cashOnly = lines.reduce((s, l) => (isCashOnlyLine(l.productType) ? s + l.price : s), 0);
  return Math.max(0, summary.orderTotal - cashOnly - (summary.giftCardSurcharges ?? 0));
}

/** How a refusal names the tender: a gift card, or rewards (certificates and rewards dollars alike). */
export const tenderKindName = (paymentMethodId: string): string => (paymentMethodId === GIFT_CARD_METHOD ? 'Gift cards' : 'Rewards and certificates');

/** A method the brand's items do not take (c_applicablePaymentMethods), named by the brand. */
export const brandRefusal = (paymentMethodId: string, brandName: string): string =>
  `${tenderKindName(paymentMethodId)} can't be used with ${brandName} items.`;

/** A brand programme's rewards on a bag without any of its brands. */
export const programmeRefusal = (programme: BrandProgrammeId, brandNames: readonly string[]): string =>
  `${BRAND_PROGRAMMES[programme].label} can be used only with ${orList(brandNames)} items.`;

/** The cash-only lines of a bag, named: gift cards, and a membership by its product's name. */
function cashOnlyNames(lines: readonly Pick<TenderRuleLine, 'productType' | 'productName'>[]): string[] {
  return [
    ...(lines.some((l) => isGiftCard(l.productType)) ? ['gift cards'] : []),
    ...new Set(lines.filter((l) => isMembership(l.productType)).map((l) => l.productName)),
  ];
}

/** A bag of only cash-only lines: what it holds is named. */
export const cashOnlyRefusal = (paymentMethodId: string, lines: readonly Pick<TenderRuleLine, 'productType' | 'productName'>[]): string =>
  `${tenderKindName(paymentMethodId)} can't be used to buy ${orList(cashOnlyNames(lines))}.`;

/**
 * The message of a tender applied to a bag that also holds cash-only lines: what the card still pays for is said at
 * once ('Code applied successfully. Your card pays for the gift cards.'), so the amount left is no surprise.
 */
export function appliedMessage(applied: string, lines: readonly Pick<TenderRuleLine, 'productType' | 'productName'>[]): string {
  const names = cashOnlyNames(lines).map((name) => (name === 'gift cards' ? 'the gift cards' : name));
  return names.length === 0 ? applied : `${applied.replace(/\.?$/, '.')} Your card pays for ${andList(names)}.`;
}

/** What the rules need beyond the bag: the methods each brand takes, and each brand's name. */
export interface TenderRuleContext {
  methodsOf(brand: string): readonly string[];
  brandName(brand: string): string;
}

/** The payment method a tender is offered as in the brand settings (payment-methods.json). */
const offeredAs = (paymentMethodId: string): string => (paymentMethodId === GIFT_CARD_METHOD ? 'giftCard' : 'rewards');

const programmeOfMethod = (paymentMethodId: string): BrandProgrammeId | null =>
  (['elq', 'dia'] as const).find((id) => BRAND_PROGRAMMES[id].paymentMethodId === paymentMethodId) ?? null;

/**
 * Why this tender may not pay for the bag, or null: a bag holding nothing but gift cards and memberships, a
 * merchandise brand of the bag that does not take the method, or a brand programme's rewards with none of its brands'
 * merchandise in the bag. Asked when the tender is applied and again when the bag is placed (a bag can change in
 * between).
 */
export function tenderRefusal(paymentMethodId: string, lines: readonly TenderRuleLine[], context: TenderRuleContext): string | null {
  const merchandise = lines.filter((l) => isMerchandise(l.productType));
  if (lines.length > 0 && merchandise.length === 0) return cashOnlyRefusal(paymentMethodId, lines);
  const refusing = merchandise.find((l) => !context.methodsOf(l.brand).includes(offeredAs(paymentMethodId)));
  if (refusing) return brandRefusal(paymentMethodId, context.brandName(refusing.brand));
  const programme = programmeOfMethod(paymentMethodId);
  if (programme && !merchandise.some((l) => (BRAND_PROGRAMMES[programme].brands as readonly string[]).includes(l.brand))) {
    return programmeRefusal(programme, BRAND_PROGRAMMES[programme].brands.map(context.brandName));
  }
  return null;
}

/** 'a', 'a or b', 'a, b or c' (and the same with 'and'). */
function joinList(items: readonly string[], last: 'or' | 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
const orList = (items: readonly string[]) => joinList(items, 'or');
const andList = (items: readonly string[]) => joinList(items, 'and');
