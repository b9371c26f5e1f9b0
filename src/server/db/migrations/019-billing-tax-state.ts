import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `basket_checkout.billing_state_code`: the billing address's state, beside the address itself. A bag that ships
 * nothing (e-gift cards, memberships) is taxed by it, and the bag's read joins the tax rate on it as it does on the
 * shipping state. Filled for the billing addresses already given.
 */
export const billingTaxState: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('basket_checkout').addColumn('billing_state_code', 'text').execute();
    // The JSON is read here rather than in SQL, which SQLite and PostgreSQL spell differently.
    const k = db as Kysely<{ basket_checkout: { basket_id: string; billing_address: string | null; billing_state_code: string | null } }>;
    const rows = await k.selectFrom('basket_checkout').select(['basket_id', 'billing_address']).where('billing_address', 'is not', null).execute();
    for (const row of rows) {
      const state = (JSON.parse(row.billing_address ?? '{}') as { stateCode?: unknown }).stateCode;
      if (typeof state === 'string') {
        await k.updateTable('basket_checkout').set({ billing_state_code: state }).where('basket_id', '=', row.basket_id).execute();
      }
    }
  },
};
