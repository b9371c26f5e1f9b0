import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * When the account's e-mail was last shown to belong to its holder: a password reset link used, or an account made
 * by a social sign-in whose provider verified the address. Null for an account registered with a password and
 * never verified. Social sign-in uses it before linking to an existing account (src/server/accounts/social-identity.ts).
 */
export const emailVerified: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('customers').addColumn('email_verified_at', 'text').execute();
  },
};
