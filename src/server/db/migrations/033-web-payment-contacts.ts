import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * PayPal's contacts:
 * - `paypal_sandbox_orders.payer`, `.shipping`: the embedded sandbox's payer and the address the shopper chose on its
 *   page (JSON: web-payment.ts WebPayer and WebShipping), read back as PayPal's GET order returns `payer` and
 *   `purchase_units[].shipping`.
 * - `basket_checkout.web_payment`: PayPal approved from the bag and kept as the bag's payment while the shopper
 *   corrects an address the bag could not take (JSON: checkout-types.ts KeptWebPayment).
 */
export const webPaymentContacts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('paypal_sandbox_orders').addColumn('payer', 'text').execute();
    await db.schema.alterTable('paypal_sandbox_orders').addColumn('shipping', 'text').execute();
    await db.schema.alterTable('basket_checkout').addColumn('web_payment', 'text').execute();
  },
};
