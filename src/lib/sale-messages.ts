/**
 * What a final-sale or clearance colour's group says (catalog colorGroups), and what every line of a final-sale colour
 * repeats in the bag and the checkout. A module of its own: the bag and the checkout need the words, not the product
 * page's rules around them.
 */
export const FINAL_SALE_MESSAGE = 'Final Sale: no returns or exchanges';
export const CLEARANCE_MESSAGE = 'Clearance';
