import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The catalog, stock, promotions, shipping, tax, baskets and sessions. */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('brands')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tagline', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('brand_code', 'text', (c) => c.notNull().references('brands.code'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('product_type', 'integer', (c) => c.notNull().check(sql`product_type between 1 and 4`))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('is_sub_brand', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sub_brand_name', 'text')
      .addColumn('brand_page_url', 'text')
      .addColumn('is_hemmable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size_chart_id', 'text')
      .addColumn('is_master_waitlisted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_order_qty', 'integer', (c) => c.notNull().defaultTo(10).check(sql`max_order_qty > 0`))
      .addColumn('attribute_order', 'text', (c) => c.notNull())
      .addColumn('badge', 'text')
      .addColumn('rating', 'real')
      .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('products_brand_idx').on('products').column('brand_code').execute();

    await db.schema
      .createTable('product_colors')
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('color_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('swatch_hex', 'text', (c) => c.notNull())
      .addColumn('color_type', 'text', (c) => c.notNull().check(sql`color_type in ('B', 'C', 'F')`))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_colors_pk', ['product_id', 'color_id'])
      .execute();

    await db.schema
      .createTable('product_media')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('color_id', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video')`))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('thumb_url', 'text', (c) => c.notNull())
      .addColumn('alt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_media_product_idx').on('product_media').column('product_id').execute();

    await db.schema
      .createTable('variants')
      .addColumn('sku', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('color_id', 'text', (c) => c.notNull())
      .addColumn('size', 'text')
      .addColumn('size_family', 'text')
      .addColumn('bra_band_size', 'text')
      .addColumn('bra_cup_size', 'text')
      .addColumn('shoe_width', 'text')
      .addColumn('list_price_cents', 'integer', (c) => c.notNull().check(sql`list_price_cents >= 0`))
      .addColumn('sale_price_cents', 'integer', (c) => c.notNull().check(sql`sale_price_cents >= 0`))
      .addColumn('orderable', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('back_ordered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('track_stock', 'integer', (c) => c.notNull().defaultTo(1))
      .addForeignKeyConstraint('variants_color_fk', ['product_id', 'color_id'], 'product_colors', ['product_id', 'color_id'])
      .execute();
    await db.schema.createIndex('variants_product_idx').on('variants').column('product_id').execute();

    await db.schema
      .createTable('stock')
      .addColumn('sku', 'text', (c) => c.primaryKey().references('variants.sku').onDelete('cascade'))
      .addColumn('on_hand', 'integer', (c) => c.notNull().check(sql`on_hand >= 0`))
      .execute();

    await db.schema
      .createTable('promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('callout_msg', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('coupon_code', 'text', (c) => c.unique())
      .addColumn('percent_off', 'integer', (c) => c.notNull().check(sql`percent_off between 0 and 100`))
      .addColumn('brand_code', 'text', (c) => c.references('brands.code'))
      .addColumn('show_in_pdp', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      .execute();

    await db.schema
      .createTable('promotion_products')
      .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('promotion_products_pk', ['promotion_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('hemming_options')
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('size_family', 'text', (c) => c.notNull())
      .addColumn('option_id', 'text', (c) => c.notNull())
      .addColumn('inseam', 'text', (c) => c.notNull())
      .addColumn('display_value', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('hemming_options_pk', ['product_id', 'option_id'])
      .execute();

    await db.schema
      .createTable('shipping_methods')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('tax_rates')
      .addColumn('state_code', 'text', (c) => c.primaryKey())
      .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp between 0 and 2000`))
      .execute();

    await db.schema
      .createTable('baskets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('shipping_method_id', 'text', (c) => c.notNull().references('shipping_methods.id'))
      .addColumn('shipping_state_code', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'ordered')`))
      .addColumn('last_added_item_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('basket_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('basket_id', 'text', (c) => c.notNull().references('baskets.id').onDelete('cascade'))
      .addColumn('sku', 'text', (c) => c.notNull().references('variants.sku'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('hemming_option_id', 'text')
      .addColumn('gift_recipient', 'text')
      .addColumn('gift_sender', 'text')
      .addColumn('gift_recipient_email', 'text')
      .addColumn('gift_message', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('basket_items_basket_idx').on('basket_items').column('basket_id').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('usid', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text')
      .addColumn('basket_id', 'text', (c) => c.references('baskets.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  },
};
