import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogRows } from '#src/server/catalog/seed.ts';
import { BRAND_CODES } from '#src/lib/constants.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';

const rows = catalogRows();

describe('seeded catalog', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(catalogRows())).toBe(JSON.stringify(rows));
  });
  it('has at least 40 products across all seven brands', () => {
    expect(rows.products.length).toBeGreaterThanOrEqual(40);
    // Header spec §9 and product spec §9: the brand codes.
    expect(new Set(rows.products.map((p) => p.brand_code))).toEqual(new Set(['fb', 'ww', 'ca', 'bh', 'rm', 'jl', 'ks']));
    expect([...BRAND_CODES].sort()).toEqual(['bh', 'ca', 'fb', 'jl', 'ks', 'rm', 'ww']);
  });
  it('covers every kind of product the product page needs', () => {
    const orders = new Set(rows.products.map((p) => p.attribute_order));
    expect(orders).toContain('size');
    expect(orders).toContain('braBandSize|braCupSize');
    expect(orders).toContain('size|shoeWidth');
    expect(orders).toContain('sizeFamily|size');
    const types = rows.products.map((p) => p.product_type);
    for (const t of [PRODUCT_TYPE.giftCard, PRODUCT_TYPE.eGiftCard, PRODUCT_TYPE.membership]) expect(types).toContain(t);
    expect(rows.products.some((p) => p.is_hemmable && p.attribute_order === 'sizeFamily|size')).toBe(true);
    expect(new Set(rows.hemming_options.map((h) => h.size_family)).size).toBeGreaterThanOrEqual(2);
    expect(rows.products.some((p) => p.is_sub_brand && p.brand_page_url)).toBe(true);
  });
  it('has regular, clearance and final-sale colours with sale prices below list', () => {
    expect(new Set(rows.product_colors.map((c) => c.color_type))).toEqual(new Set(['B', 'C', 'F']));
    const clearance = rows.product_colors.find((c) => c.color_type === 'C')!;
    const v = rows.variants.find((x) => x.product_id === clearance.product_id && x.color_id === clearance.color_id)!;
    expect(v.sale_price_cents).toBeLessThan(v.list_price_cents);
  });
  it('has out-of-stock and back-ordered combinations and one product entirely sold out', () => {
    expect(rows.stock.some((s) => s.on_hand === 0)).toBe(true);
    expect(rows.variants.some((v) => v.back_ordered === 1)).toBe(true);
    const soldOut = rows.products.filter((p) => {
      const skus = new Set(rows.variants.filter((v) => v.product_id === p.id).map((v) => v.sku));
      return rows.stock.filter((s) => skus.has(s.sku)).every((s) => s.on_hand === 0) && skus.size > 0 && p.product_type === 1;
    });
    expect(soldOut.map((p) => p.id)).toEqual(['fb-1006']);
  });
  it('makes some bra cups unavailable in some bands (the clear-the-secondary case)', () => {
    const bra = rows.variants.filter((v) => v.product_id === 'bh-5001');
    expect(bra.some((v) => v.bra_band_size === '32' && v.bra_cup_size === 'DD')).toBe(false);
    expect(bra.some((v) => v.bra_band_size === '34' && v.bra_cup_size === 'DD')).toBe(true);
  });
  it('has promotions with callouts, some with coupon codes', () => {
    expect(rows.promotions.some((p) => p.coupon_code)).toBe(true);
    expect(rows.promotions.some((p) => !p.coupon_code)).toBe(true);
    expect(rows.promotions.every((p) => p.callout_msg.length > 0)).toBe(true);
  });
  it('has products with several images, one with a video, and every image file exists in public/', () => {
    const perProduct = new Map<string, number>();
    for (const m of rows.product_media) perProduct.set(m.product_id, (perProduct.get(m.product_id) ?? 0) + 1);
    expect(Math.max(...perProduct.values())).toBeGreaterThanOrEqual(4);
    expect(rows.product_media.filter((m) => m.kind === 'video')).toHaveLength(1);
    const missing = rows.product_media.filter((m) => !existsSync(`public${m.url}`) || !existsSync(`public${m.thumb_url}`));
    expect(missing.map((m) => m.url)).toEqual([]);
  });
  it('has a free-gift promotion whose offered products exist, are regular products and are in stock', () => {
    expect(rows.bonus_promotions.length).toBeGreaterThanOrEqual(1);
    for (const link of rows.bonus_promotion_products) {
      const product = rows.products.find((p) => p.id === link.product_id);
      expect(product?.product_type, link.product_id).toBe(PRODUCT_TYPE.regular);
      const skus = new Set(rows.variants.filter((v) => v.product_id === link.product_id).map((v) => v.sku));
      expect(
        rows.stock.some((st) => skus.has(st.sku) && st.on_hand > 0),
        link.product_id,
      ).toBe(true);
    }
  });
  it('has the three shipping methods and a tax rate for every state', () => {
    expect(rows.shipping_methods.map((m) => m.id)).toEqual(['Regular', 'Express', 'SuperFast']);
    expect(rows.tax_rates.length).toBeGreaterThanOrEqual(56);
  });
  it('generates a large catalog on request', () => {
    const big = catalogRows(500);
    expect(big.products.length).toBe(rows.products.length + 500);
    expect(new Set(big.variants.map((v) => v.sku)).size).toBe(big.variants.length);
  });
});
