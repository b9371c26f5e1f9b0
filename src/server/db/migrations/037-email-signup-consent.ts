import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `email_subscriptions.consent_text`: the wording a shopper agreed to when signing up for e-mails, kept with the
 * address and `created_at` (the time of consent), so the store can show what each address consented to and when.
 * Null for sign-ups made before the wording was kept and for the checkout's subscription box.
 */
export const emailSignupConsent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('email_subscriptions').addColumn('consent_text', 'text').execute();
  },
};
