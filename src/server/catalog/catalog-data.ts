import { STANDARD_DELIVERY_NAME } from '#src/lib/constants.ts';

/**
 * The seeded catalog, as plain data. Every case the product page of the spec needs is here on purpose:
 * size-only tops, bras (band and cup), shoes (size and width), hemmable trousers with options per size family,
 * clearance and final-sale colours, out-of-stock and back-ordered combinations, one product entirely sold out,
 * a sub-brand product, promotions with callouts and coupon codes, gift card (2), e-gift card (3), the perks
 * membership (4), several images per colour and one product with a video.
 */

export interface BrandDef {
  code: string;
  name: string;
  tagline: string;
}

export const BRANDS: BrandDef[] = [
  { code: 'fb', name: 'Fernbrook', tagline: 'Easy everyday layers' },
  { code: 'ww', name: 'Willow & Wren', tagline: 'Soft tailoring for work and weekend' },
  { code: 'rm', name: 'Ridgemere', tagline: 'Outdoor wear that goes to town' },
  { code: 'jl', name: 'June Lane', tagline: 'Dresses and bright prints' },
  { code: 'bh', name: 'Bayhollow', tagline: 'Intimates and lounge' },
  { code: 'ks', name: 'Kestrel Shoe Co.', tagline: 'Shoes in every width' },
  { code: 'ca', name: 'Cove & Alder', tagline: 'Denim and trousers, hemmed to fit' },
];

/** 'accessory' is one size: chosen by colour only (totes, scarves; the free gifts of the bonus promotions). */
export type Kind = 'top' | 'dress' | 'bra' | 'shoe' | 'trouser' | 'accessory' | 'giftcard' | 'egiftcard' | 'membership';

export interface ColorDef {
  id: string;
  name: string;
  hex: string;
  type?: 'B' | 'C' | 'F';
}

export interface ProductDef {
  id: string;
  brand: string;
  name: string;
  kind: Kind;
  category: string;
  listCents: number;
  /** Sale price per colour type; regular colours sell at list unless `saleCents` is set. */
  saleCents?: number;
  colors: ColorDef[];
  description: string;
  subBrand?: { name: string; url: string };
  badge?: string;
  rating?: number;
  reviews?: number;
  /** Every variant sold out (completeOOS) and the master waitlisted. */
  soldOut?: boolean;
  video?: boolean;
  images?: number;
  maxOrderQty?: number;
  /** States this product may not be shipped to (two-letter codes). */
  restrictedStates?: string[];
  /** Shipping one unit costs this much more (a heavy item), in cents. */
  heavySurchargeCents?: number;
  /** Cannot be shipped to a P.O. box. */
  poBoxExcluded?: boolean;
  /** Carries California's Proposition 65 warning (it can expose the wearer to a listed chemical). */
  prop65?: boolean;
}

const NEUTRALS: ColorDef[] = [
  { id: 'blk', name: 'Black', hex: '#1f1f24' },
  { id: 'nvy', name: 'Navy', hex: '#24365c' },
  { id: 'ivr', name: 'Ivory', hex: '#efe8da' },
];
const BRIGHTS: ColorDef[] = [
  { id: 'cor', name: 'Coral', hex: '#e8705f' },
  { id: 'tea', name: 'Teal', hex: '#1f8a8a' },
  { id: 'sun', name: 'Sunflower', hex: '#f2c230' },
];
const EARTH: ColorDef[] = [
  { id: 'olv', name: 'Olive', hex: '#6b7244' },
  { id: 'rst', name: 'Rust', hex: '#a5522e' },
  { id: 'snd', name: 'Sand', hex: '#cdb894' },
];

const clearance = (c: ColorDef): ColorDef => ({ ...c, type: 'C' });
const finalSale = (c: ColorDef): ColorDef => ({ ...c, type: 'F' });
const [BLACK, NAVY, IVORY] = NEUTRALS as [ColorDef, ColorDef, ColorDef];
const [CORAL, TEAL, SUN] = BRIGHTS as [ColorDef, ColorDef, ColorDef];
const [OLIVE, RUST, SAND] = EARTH as [ColorDef, ColorDef, ColorDef];

export const PRODUCTS: ProductDef[] = [
  // fb — Fernbrook: size-only tops
  {
    id: 'fb-1001',
    brand: 'fb',
    name: 'Everyday Crew Tee',
    kind: 'top',
    category: 'tops',
    listCents: 2499,
    colors: [BLACK, NAVY, IVORY, clearance(CORAL)],
    description: 'A soft cotton-modal crew neck with a relaxed fit.',
    rating: 4.6,
    reviews: 212,
    images: 3,
    badge: 'Best Seller',
  },
  {
    id: 'fb-1002',
    brand: 'fb',
    name: 'Waffle Henley',
    kind: 'top',
    category: 'tops',
    listCents: 3499,
    saleCents: 2799,
    colors: [OLIVE, RUST, SAND],
    description: 'Textured waffle knit with a three-button placket.',
    rating: 4.2,
    reviews: 64,
    images: 3,
  },
  {
    id: 'fb-1003',
    brand: 'fb',
    name: 'Button-Front Cardigan',
    kind: 'top',
    category: 'sweaters',
    listCents: 4999,
    colors: [IVORY, NAVY, finalSale(SUN)],
    description: 'Lightweight cardigan with pearl-look buttons.',
    rating: 3.8,
    reviews: 19,
    images: 2,
  },
  {
    id: 'fb-1004',
    brand: 'fb',
    name: 'Striped Boat-Neck Top',
    kind: 'top',
    category: 'tops',
    listCents: 2999,
    colors: [NAVY, clearance(TEAL)],
    description: 'Breton stripes in a breezy boat neck.',
    rating: 2.9,
    reviews: 8,
    images: 2,
  },
  {
    id: 'fb-1005',
    brand: 'fb',
    name: 'Pull-On Ponte Trouser',
    kind: 'trouser',
    category: 'pants',
    listCents: 4499,
    colors: [BLACK, NAVY],
    description: 'Ponte knit trousers with a flat waistband, hemmed to your inseam.',
    rating: 4.4,
    reviews: 98,
    images: 3,
  },
  {
    id: 'fb-1006',
    brand: 'fb',
    name: 'Quilted Vest',
    kind: 'top',
    category: 'outerwear',
    listCents: 5999,
    saleCents: 4499,
    colors: [OLIVE, BLACK],
    description: 'Diamond-quilted vest with snap front.',
    images: 2,
    soldOut: true,
  },
  {
    id: 'fb-perks',
    brand: 'fb',
    name: 'Fernbrook Perks Annual Membership',
    kind: 'membership',
    category: 'membership',
    listCents: 2900,
    colors: [{ id: 'na', name: 'Membership', hex: '#2f6f4f' }],
    description: 'Free Express shipping on every order for a year.',
    images: 1,
    maxOrderQty: 1,
  },
  // ww — Willow & Wren: blouses, trousers, a gift card and an e-gift card
  {
    id: 'ww-2001',
    brand: 'ww',
    name: 'Silky Tie-Neck Blouse',
    kind: 'top',
    category: 'tops',
    listCents: 5499,
    colors: [IVORY, BLACK, clearance(CORAL)],
    description: 'Fluid satin blouse with a removable tie.',
    rating: 4.5,
    reviews: 140,
    images: 4,
    video: true,
  },
  {
    id: 'ww-2002',
    brand: 'ww',
    name: 'Wide-Leg Crepe Trouser',
    kind: 'trouser',
    category: 'pants',
    listCents: 6999,
    saleCents: 5599,
    colors: [BLACK, NAVY, SAND],
    description: 'High-rise wide-leg crepe trousers, hemming available.',
    rating: 4.1,
    reviews: 55,
    images: 3,
  },
  {
    id: 'ww-2003',
    brand: 'ww',
    name: 'Relaxed Blazer',
    kind: 'top',
    category: 'outerwear',
    listCents: 8999,
    colors: [NAVY, SAND],
    description: 'Unlined blazer with patch pockets.',
    rating: 4.8,
    reviews: 31,
    images: 3,
    badge: 'New',
  },
  {
    id: 'ww-2004',
    brand: 'ww',
    name: 'Ribbed Shell',
    kind: 'top',
    category: 'tops',
    listCents: 2999,
    colors: [BLACK, IVORY, TEAL, finalSale(RUST)],
    description: 'Fine-rib sleeveless shell for layering.',
    rating: 3.5,
    reviews: 12,
    images: 2,
  },
  {
    id: 'ww-2005',
    brand: 'ww',
    name: 'Straight Ankle Chino',
    kind: 'trouser',
    category: 'pants',
    listCents: 5999,
    colors: [SAND, NAVY, OLIVE],
    description: 'Stretch chino with a straight ankle leg.',
    images: 2,
  },
  {
    id: 'gc-2',
    brand: 'ww',
    name: 'Gift Card',
    kind: 'giftcard',
    category: 'gift-cards',
    listCents: 2500,
    colors: [{ id: 'gc', name: 'Gift Card', hex: '#8a5a9e' }],
    description: 'A plastic gift card mailed in a gift envelope, good at all seven brands.',
    images: 1,
  },
  {
    id: 'egc-3',
    brand: 'ww',
    name: 'E-Gift Card',
    kind: 'egiftcard',
    category: 'gift-cards',
    listCents: 2500,
    colors: [{ id: 'egc', name: 'E-Gift Card', hex: '#3a7ca5' }],
    description: 'An e-mailed gift card, delivered the same day, good at all seven brands.',
    images: 1,
  },
  // rm — Ridgemere: outdoor, one sub-brand
  {
    id: 'rm-3001',
    brand: 'rm',
    name: 'Trail Rain Shell',
    kind: 'top',
    category: 'outerwear',
    listCents: 11999,
    saleCents: 8999,
    colors: [TEAL, BLACK, SUN],
    description: 'Waterproof, breathable shell that packs into its pocket.',
    restrictedStates: ['CA', 'NY'],
    subBrand: { name: 'Ridgemere Summit', url: '/brand/rm' },
    rating: 4.7,
    reviews: 301,
    images: 4,
  },
  {
    id: 'rm-3002',
    brand: 'rm',
    name: 'Fleece Quarter-Zip',
    kind: 'top',
    category: 'tops',
    listCents: 5999,
    colors: [OLIVE, NAVY, clearance(RUST)],
    description: 'Midweight recycled fleece pullover.',
    rating: 4.3,
    reviews: 88,
    images: 3,
  },
  {
    id: 'rm-3003',
    brand: 'rm',
    name: 'Hiking Pant',
    kind: 'trouser',
    category: 'pants',
    listCents: 7999,
    colors: [SAND, OLIVE, BLACK],
    description: 'Quick-dry hiking pant with articulated knees.',
    rating: 4.0,
    reviews: 41,
    images: 3,
  },
  {
    id: 'rm-3004',
    brand: 'rm',
    name: 'Trail Runner',
    kind: 'shoe',
    category: 'shoes',
    listCents: 10999,
    colors: [BLACK, TEAL],
    description: 'Grippy trail runner with a cushioned midsole.',
    rating: 4.4,
    reviews: 77,
    images: 3,
  },
  {
    id: 'rm-3005',
    brand: 'rm',
    name: 'Merino Base Layer',
    kind: 'top',
    category: 'tops',
    listCents: 6499,
    colors: [BLACK, finalSale(CORAL)],
    description: 'Odour-resistant merino long sleeve.',
    images: 2,
  },
  {
    id: 'rm-3006',
    brand: 'rm',
    name: 'Packable Puffer',
    kind: 'top',
    category: 'outerwear',
    listCents: 14999,
    saleCents: 9999,
    colors: [NAVY, clearance(OLIVE)],
    description: 'Lightweight puffer with recycled fill.',
    rating: 4.9,
    reviews: 150,
    images: 3,
    subBrand: { name: 'Ridgemere Summit', url: '/brand/rm' },
  },
  // jl — June Lane: dresses
  {
    id: 'jl-4001',
    brand: 'jl',
    name: 'Wrap Midi Dress',
    kind: 'dress',
    category: 'dresses',
    listCents: 7999,
    colors: [CORAL, NAVY, clearance(SUN)],
    description: 'Flattering wrap dress in a floaty print.',
    rating: 4.5,
    reviews: 120,
    images: 4,
    badge: 'Best Seller',
  },
  {
    id: 'jl-4002',
    brand: 'jl',
    name: 'Tiered Maxi Dress',
    kind: 'dress',
    category: 'dresses',
    listCents: 8999,
    saleCents: 6999,
    colors: [SUN, TEAL, IVORY],
    description: 'Tiered cotton maxi with smocked bodice.',
    rating: 4.0,
    reviews: 45,
    images: 3,
  },
  {
    id: 'jl-4003',
    brand: 'jl',
    name: 'Shirt Dress',
    kind: 'dress',
    category: 'dresses',
    listCents: 6999,
    colors: [IVORY, NAVY, finalSale(RUST)],
    description: 'Classic shirt dress with a self-tie belt.',
    images: 3,
  },
  {
    id: 'jl-4004',
    brand: 'jl',
    name: 'Knit Sheath Dress',
    kind: 'dress',
    category: 'dresses',
    listCents: 5999,
    colors: [BLACK, clearance(TEAL)],
    description: 'Stretch knit sheath, work to dinner.',
    rating: 3.2,
    reviews: 9,
    images: 2,
  },
  {
    id: 'jl-4005',
    brand: 'jl',
    name: 'Printed Peasant Top',
    kind: 'top',
    category: 'tops',
    listCents: 3999,
    colors: [CORAL, SUN],
    description: 'Embroidered peasant top with tie neck.',
    rating: 4.1,
    reviews: 23,
    images: 2,
  },
  {
    id: 'jl-4006',
    brand: 'jl',
    name: 'Block Heel Sandal',
    kind: 'shoe',
    category: 'shoes',
    listCents: 6999,
    saleCents: 5499,
    colors: [SAND, BLACK],
    description: 'Strappy sandal on a walkable block heel.',
    images: 2,
  },
  // bh — Bayhollow: bras (band and cup) and lounge
  {
    id: 'bh-5001',
    brand: 'bh',
    name: 'Everyday T-Shirt Bra',
    kind: 'bra',
    category: 'bras',
    listCents: 4800,
    colors: [IVORY, BLACK, SAND],
    description: 'Smooth molded cups that disappear under tees.',
    rating: 4.6,
    reviews: 410,
    images: 3,
    badge: 'Best Seller',
  },
  {
    id: 'bh-5002',
    brand: 'bh',
    name: 'Lace Balconette Bra',
    kind: 'bra',
    category: 'bras',
    listCents: 5400,
    saleCents: 3999,
    colors: [BLACK, CORAL, clearance(TEAL)],
    description: 'Stretch lace balconette with underwire.',
    rating: 4.2,
    reviews: 96,
    images: 3,
  },
  {
    id: 'bh-5003',
    brand: 'bh',
    name: 'Wireless Comfort Bra',
    kind: 'bra',
    category: 'bras',
    listCents: 4200,
    colors: [SAND, NAVY, finalSale(SUN)],
    description: 'Wire-free support with wide straps.',
    rating: 3.9,
    reviews: 60,
    images: 2,
  },
  {
    id: 'bh-5004',
    brand: 'bh',
    name: 'Sports Bra High Impact',
    kind: 'bra',
    category: 'bras',
    listCents: 5800,
    colors: [BLACK, TEAL],
    description: 'Encapsulation sports bra for running.',
    images: 2,
  },
  {
    id: 'bh-5005',
    brand: 'bh',
    name: 'Modal Lounge Pant',
    kind: 'trouser',
    category: 'lounge',
    listCents: 3999,
    colors: [NAVY, IVORY],
    description: 'Soft modal lounge pants, hemming available.',
    rating: 4.7,
    reviews: 33,
    images: 2,
  },
  {
    id: 'bh-5006',
    brand: 'bh',
    name: 'Sleep Tee',
    kind: 'top',
    category: 'lounge',
    listCents: 2499,
    colors: [CORAL, IVORY, clearance(SAND)],
    description: 'Brushed jersey sleep tee.',
    images: 2,
  },
  // ks — Kestrel: shoes in sizes and widths
  {
    id: 'ks-6001',
    brand: 'ks',
    name: 'Classic Leather Loafer',
    kind: 'shoe',
    category: 'shoes',
    listCents: 8999,
    colors: [BLACK, RUST],
    description: 'Penny loafer in soft leather, medium and wide widths.',
    rating: 4.5,
    reviews: 180,
    images: 3,
  },
  {
    id: 'ks-6002',
    brand: 'ks',
    name: 'Ballet Flat',
    kind: 'shoe',
    category: 'shoes',
    listCents: 5999,
    saleCents: 4499,
    colors: [BLACK, SAND, clearance(CORAL)],
    description: 'Cushioned ballet flat with a flexible sole.',
    rating: 4.0,
    reviews: 77,
    images: 3,
  },
  {
    id: 'ks-6003',
    brand: 'ks',
    name: 'Chelsea Boot',
    kind: 'shoe',
    category: 'boots',
    listCents: 12999,
    colors: [BLACK, OLIVE],
    description: 'Water-resistant suede Chelsea boot.',
    rating: 4.8,
    reviews: 52,
    images: 3,
    badge: 'New',
    // Ships from the maker by ground carrier, which does not deliver to P.O. boxes.
    poBoxExcluded: true,
  },
  {
    id: 'ks-6004',
    brand: 'ks',
    name: 'Canvas Sneaker',
    kind: 'shoe',
    category: 'shoes',
    listCents: 4999,
    colors: [IVORY, NAVY, finalSale(SUN)],
    description: 'Low-top canvas sneaker.',
    images: 2,
  },
  {
    id: 'ks-6005',
    brand: 'ks',
    name: 'Walking Sandal',
    kind: 'shoe',
    category: 'shoes',
    listCents: 6499,
    colors: [SAND, BLACK],
    description: 'Adjustable straps, contoured footbed.',
    rating: 3.6,
    reviews: 14,
    images: 2,
  },
  {
    id: 'ks-6006',
    brand: 'ks',
    name: 'Knee-High Boot',
    kind: 'shoe',
    category: 'boots',
    listCents: 15999,
    saleCents: 11999,
    colors: [BLACK, clearance(RUST)],
    description: 'Stretch-panel knee boot for wide calves.',
    images: 2,
    // Boxed with a boot shaper: heavy and oversized, so it pays a surcharge and cannot go to a P.O. box.
    heavySurchargeCents: 499,
    poBoxExcluded: true,
    // The shaper's vinyl lining carries California's Proposition 65 warning.
    prop65: true,
  },
  // ca — Cove & Alder: denim and trousers with hemming
  {
    id: 'ca-7001',
    brand: 'ca',
    name: 'High-Rise Straight Jean',
    kind: 'trouser',
    category: 'jeans',
    listCents: 6999,
    colors: [NAVY, BLACK, clearance(IVORY)],
    description: 'Rigid-look stretch denim, hemmed to your inseam.',
    rating: 4.4,
    reviews: 260,
    images: 4,
    badge: 'Best Seller',
  },
  {
    id: 'ca-7002',
    brand: 'ca',
    name: 'Bootcut Jean',
    kind: 'trouser',
    category: 'jeans',
    listCents: 6499,
    saleCents: 4999,
    colors: [NAVY, BLACK],
    description: 'Classic bootcut in a dark rinse.',
    rating: 4.1,
    reviews: 112,
    images: 3,
  },
  {
    id: 'ca-7003',
    brand: 'ca',
    name: 'Pleated Trouser',
    kind: 'trouser',
    category: 'pants',
    listCents: 7999,
    colors: [SAND, BLACK, finalSale(OLIVE)],
    description: 'Front-pleat trouser with a tapered leg.',
    images: 3,
  },
  {
    id: 'ca-7004',
    brand: 'ca',
    name: 'Denim Jacket',
    kind: 'top',
    category: 'outerwear',
    listCents: 8999,
    colors: [NAVY, IVORY],
    description: 'Cropped denim jacket with chest pockets.',
    rating: 4.6,
    reviews: 70,
    images: 3,
  },
  {
    id: 'ca-7005',
    brand: 'ca',
    name: 'Chambray Shirt',
    kind: 'top',
    category: 'tops',
    listCents: 4999,
    colors: [NAVY, clearance(TEAL)],
    description: 'Lightweight chambray button-down.',
    rating: 3.9,
    reviews: 22,
    images: 2,
  },
  {
    id: 'ca-7006',
    brand: 'ca',
    name: 'Cropped Flare Jean',
    kind: 'trouser',
    category: 'jeans',
    listCents: 7499,
    colors: [BLACK, NAVY],
    description: 'Cropped flare with raw hem.',
    images: 2,
  },
  // One-size accessories, sold as usual and offered free by the bonus promotion below.
  {
    id: 'fb-1007',
    brand: 'fb',
    name: 'Canvas Tote',
    kind: 'accessory',
    category: 'accessories',
    listCents: 2499,
    colors: [IVORY],
    description: 'Heavy cotton canvas tote with an inside pocket.',
    images: 2,
  },
  {
    id: 'jl-4007',
    brand: 'jl',
    name: 'Printed Silk Scarf',
    kind: 'accessory',
    category: 'accessories',
    listCents: 3499,
    colors: [CORAL, TEAL],
    description: 'A square silk scarf in a June Lane print.',
    images: 2,
  },
];

/** Size runs by kind. Trousers have size families, each with its own hemming options. */
export const TOP_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
export const DRESS_SIZES = ['2', '4', '6', '8', '10', '12', '14'];
export const BRA_BANDS = ['32', '34', '36', '38', '40'];
export const BRA_CUPS = ['A', 'B', 'C', 'D', 'DD'];
export const SHOE_SIZES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '11'];
export const SHOE_WIDTHS = ['M', 'W'];
export const TROUSER_FAMILIES: Record<string, string[]> = {
  Misses: ['4', '6', '8', '10', '12', '14'],
  Petite: ['4P', '6P', '8P', '10P', '12P'],
  Tall: ['6T', '8T', '10T', '12T'],
};
/** Hemming choices per size family: inseam lengths and a price per hem (cents). */
export const HEMMING: Record<string, { inseams: string[]; priceCents: number }> = {
  Misses: { inseams: ['27', '28', '29', '30'], priceCents: 800 },
  Petite: { inseams: ['25', '26', '27'], priceCents: 800 },
  Tall: { inseams: ['32', '33', '34', '35'], priceCents: 1000 },
};
export const GIFT_CARD_AMOUNTS_CENTS = [2500, 5000, 10000, 15000];

export const SHIPPING_METHODS = [
  { id: 'Regular', name: STANDARD_DELIVERY_NAME, description: '5-7 business days', label: 'Free on merchandise of $75 or more', priceCents: 799 },
  { id: 'Express', name: 'Express', description: '2-3 business days', label: '', priceCents: 1499 },
  { id: 'SuperFast', name: 'SuperFast', description: 'Next business day', label: 'Order by 1 pm ET', priceCents: 2499 },
];

/**
 * Sales tax by state in basis points (state base rates, rounded). The documented rule: tax applies to taxable
 * merchandise after discounts (gift cards and memberships are not taxed), not to shipping, rounded half-up once
 * per basket. A state not in the table is taxed at 0.
 */
export const TAX_RATES_BP: Record<string, number> = {
  AL: 400,
  AZ: 560,
  AR: 650,
  CA: 725,
  CO: 290,
  CT: 635,
  DC: 600,
  FL: 600,
  GA: 400,
  HI: 400,
  ID: 600,
  IL: 625,
  IN: 700,
  IA: 600,
  KS: 650,
  KY: 600,
  LA: 445,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 688,
  MS: 700,
  MO: 423,
  NE: 550,
  NV: 685,
  NJ: 663,
  NM: 488,
  NY: 400,
  NC: 475,
  ND: 500,
  OH: 575,
  OK: 450,
  PA: 600,
  RI: 700,
  SC: 600,
  SD: 420,
  TN: 700,
  TX: 625,
  UT: 610,
  VT: 600,
  VA: 530,
  WA: 650,
  WV: 600,
  WI: 500,
  WY: 400,
  PR: 1050,
  GU: 400,
  DE: 0,
  MT: 0,
  NH: 0,
  OR: 0,
  AK: 0,
  AS: 0,
  MP: 0,
  VI: 0,
};

export interface PromotionDef {
  id: string;
  callout: string;
  details: string;
  couponCode?: string;
  percentOff: number;
  brand?: string;
  products?: string[];
}

/**
 * Promotions without a coupon apply on their own (finalPrice); coupon promotions show a hint until entered. One that
 * takes nothing off and reaches no product (fb-perks) only carries texts: the Perks Details modal reads it.
 */
export const PROMOTIONS: PromotionDef[] = [
  {
    id: 'fb-perks',
    callout: 'Free Express shipping on every order for a year',
    details:
      'Fernbrook Perks members ship every order by Express at no charge for a year from the day they join; fees such as the gift card fee still apply. Join while signed in to your account; the membership is paid with a new card. Members can renew in the last 30 days of a membership, and the new year starts when the current one ends.',
    percentOff: 0,
  },
  {
    id: 'fb-tops-20',
    callout: '20% off all Fernbrook tops',
    details: 'Taken off at the price shown. Excludes final-sale colours.',
    percentOff: 20,
    products: ['fb-1001', 'fb-1002', 'fb-1004'],
  },
  {
    id: 'ww-save15',
    callout: 'Extra 15% off with code SAVE15',
    details: 'Enter SAVE15 in your bag. Combines with other codes, up to 3 per order; each item takes its best code.',
    couponCode: 'SAVE15',
    percentOff: 15,
    brand: 'ww',
  },
  {
    id: 'rm-outer-25',
    callout: '25% off outerwear',
    details: 'Ridgemere jackets and vests, price as marked.',
    percentOff: 25,
    products: ['rm-3001', 'rm-3006'],
  },
  {
    id: 'jl-dress10',
    callout: 'Take 10% off dresses with code DRESS10',
    details: 'Enter DRESS10 in your bag.',
    couponCode: 'DRESS10',
    percentOff: 10,
    products: ['jl-4001', 'jl-4002', 'jl-4003', 'jl-4004'],
  },
  {
    id: 'ca-denim-30',
    callout: '30% off jeans',
    details: 'All Cove & Alder jeans, price as marked. Hemming is charged at full price.',
    percentOff: 30,
    products: ['ca-7001', 'ca-7002', 'ca-7006'],
  },
];

export interface BonusPromotionDef {
  id: string;
  callout: string;
  /** Qualifying merchandise (after automatic promotions and coupons) the bag needs, in cents. */
  thresholdCents: number;
  brand?: string;
  maxBonusItems: number;
  /** Master ids of the products offered, in the order the picker lists them. */
  products: string[];
}

/** Free gifts ('Claim Your Free Gift'): the shopper picks one of `products` once the bag qualifies. */
export const BONUS_PROMOTIONS: BonusPromotionDef[] = [
  {
    id: 'bonus-tote-75',
    callout: 'Free canvas tote or silk scarf with $75 or more',
    thresholdCents: 7500,
    maxBonusItems: 1,
    products: ['fb-1007', 'jl-4007'],
  },
];
