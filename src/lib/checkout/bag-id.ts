/**
 * The bag ID a shopper reads to customer service (checkout spec §2 "Checkout footer"): the bag's id is a 36-character
 * UUID, too long to say on a call, so the footer shows its first 60 bits as 12 characters in three groups of four
 * ('9KQ3-7HXA-M2TD'), in Crockford's base 32: digits and capital letters without I, L, O and U, so no two of them
 * are easily taken for each other (read aloud or from a screen). Derived, not stored: the id's own start, found
 * again by its prefix.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
/** Five hex digits (20 bits) make one group of four characters (5 bits each). */
const HEX_PER_GROUP = 5;
const CHARS_PER_GROUP = 4;

export function shortBagId(basketId: string): string {
  const hex = basketId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex) || hex.length < GROUPS * HEX_PER_GROUP) return basketId;
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let bits = Number.parseInt(hex.slice(g * HEX_PER_GROUP, (g + 1) * HEX_PER_GROUP), 16);
    let group = '';
    for (let c = 0; c < CHARS_PER_GROUP; c++) {
      group = ALPHABET[bits % 32] + group;
      bits = Math.floor(bits / 32);
    }
    groups.push(group);
  }
  return groups.join('-');
}
