import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/**
 * Migrations live in code (not a folder scanned at run time) so that the bundled server, the seed script and the
 * tests all carry the same list. Each one must run unchanged on SQLite and PostgreSQL: only portable types
 * (text, integer), and CHECK constraints so the database itself refuses negative stock or quantities.
 */
const initial: Migration = {
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

/** Accounts: customers, reset tokens, the mail outbox, throttling counters, social identities, OIDC storage. */
const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('basket_id', 'text', (c) => c.references('baskets.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('sessions').addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('sessions_customer_idx').on('sessions').column('customer_id').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to_address', 'created_at']).execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('social_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
      .execute();

    // One row per social sign-in under way: state (also in an HttpOnly cookie), PKCE verifier and nonce.
    await db.schema
      .createTable('social_logins')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
    await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
      .addColumn('placed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
  },
};

/**
 * Bag features (issue 5, bag side): codes entered on a bag, customers' wishlists, waitlist sign-ups.
 * A coupon row holds only the code: its promotion is looked up at every read, so an ended or removed promotion
 * shows as 'invalid/expired' at once. Rows follow what they belong to (cascade), so a catalog reset or a
 * deleted basket or account leaves nothing behind.
 */
const bagFeatures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('basket_coupons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('basket_id', 'text', (c) => c.notNull().references('baskets.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('basket_coupons_code_uq', ['basket_id', 'code'])
      .execute();

    await db.schema
      .createTable('wishlists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().unique().references('customers.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wishlist_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('wishlist_id', 'text', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      // The variant (sku) the shopper chose, or '' for the product itself: part of the unique key, so never null.
      .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('wishlist_items_uq', ['wishlist_id', 'product_id', 'variant_id'])
      .execute();

    await db.schema
      .createTable('waitlist_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sku', 'text', (c) => c.notNull().references('variants.sku').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('waitlist_entries_uq', ['sku', 'email'])
      .execute();
  },
};

/**
 * Bonus products (issue 5, 'Claim Your Free Gift'): a bonus promotion offers one of a few products free once the
 * bag's qualifying merchandise (after automatic promotions and coupons, optionally one brand's) reaches its
 * threshold. A bag line claimed through one carries its id; the line is priced 0 at every read, and is dropped at
 * the next read once the bag no longer qualifies (see src/server/commerce/bonus-rules.ts).
 */
const bonusProducts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bonus_promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('callout_msg', 'text', (c) => c.notNull())
      .addColumn('threshold_cents', 'integer', (c) => c.notNull().check(sql`threshold_cents >= 0`))
      .addColumn('brand_code', 'text', (c) => c.references('brands.code'))
      .addColumn('max_bonus_items', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_bonus_items > 0`))
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      .execute();

    await db.schema
      .createTable('bonus_promotion_products')
      .addColumn('bonus_promotion_id', 'text', (c) => c.notNull().references('bonus_promotions.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('bonus_promotion_products_pk', ['bonus_promotion_id', 'product_id'])
      .execute();

    // Null for a line the shopper bought; set for a free gift. Removing the promotion removes its gifts.
    await db.schema
      .alterTable('basket_items')
      .addColumn('bonus_promotion_id', 'text', (c) => c.references('bonus_promotions.id').onDelete('cascade'))
      .execute();
  },
};

/** Loyalty: one rewards record per customer (header spec §3 "Rewards record"); money in cents. */
const rewards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rewards_accounts')
      .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
      .addColumn('is_active_member', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
      .addColumn('threshold', 'integer', (c) => c.notNull().check(sql`threshold > 0`))
      .addColumn('tier', 'text')
      .addColumn('certificate_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`certificate_cents >= 0`))
      .addColumn('page_url', 'text')
      .addColumn('plcc_holder', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

export const migrations: Record<string, Migration> = {
  '2026_11_21_001_initial': initial,
  '2026_11_21_002_accounts': accounts,
  '2026_11_21_004_bag_features': bagFeatures,
  '2026_11_21_005_bonus_products': bonusProducts,
  '2026_11_21_006_rewards': rewards,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
