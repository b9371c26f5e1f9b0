/**
 * The product type codes (on products and line items, and by name in the catalog feed) and what each means for the
 * rules that depend on it. Every check of a product's kind goes through these, on the server and in the islands.
 */
export const PRODUCT_TYPE = { regular: 1, giftCard: 2, eGiftCard: 3, membership: 4 } as const;
export type ProductTypeName = keyof typeof PRODUCT_TYPE;

/** Ordinary merchandise: the only kind that is taxed, takes coupons, counts toward free gifts and has stock. */
export const isMerchandise = (type: number): boolean => type === PRODUCT_TYPE.regular;

/** A gift card, plastic or electronic: it needs To and From and is never added to the bag from a wish list. */
export const isGiftCard = (type: number): boolean => type === PRODUCT_TYPE.giftCard || type === PRODUCT_TYPE.eGiftCard;

/** The e-gift card: sent by e-mail, so it needs the recipient's address and asks for 'Your name' rather than 'From'. */
export const isEGiftCard = (type: number): boolean => type === PRODUCT_TYPE.eGiftCard;

export const isMembership = (type: number): boolean => type === PRODUCT_TYPE.membership;

/**
 * Whether the page offers the product's colours to choose (docs/decisions.md "Product page"): merchandise only. A gift
 * card or a membership has one colour in the catalog (its variants need one), which is no choice: it is chosen for
 * the shopper and no swatch is shown.
 */
export const offersColorChoice = (type: number): boolean => isMerchandise(type);

/** Nothing to ship: a bag of only these pays no shipping. */
export const isDigital = (type: number): boolean => type === PRODUCT_TYPE.eGiftCard || type === PRODUCT_TYPE.membership;

/** A bag line of this kind keeps its quantity and cannot be edited (gift cards and memberships). */
export const isFixedLine = (type: number): boolean => isGiftCard(type) || isMembership(type);
