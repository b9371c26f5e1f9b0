import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The embedded sandbox gateway's own tables (src/server/payments/sandbox/): filled in by the payments work. */
export const paymentSandbox: Migration = {
  async up(_db: Kysely<unknown>) {},
};
