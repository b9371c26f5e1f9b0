import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** What mail written before its secrets were sealed carried in plain: an e-gift card's number and PIN, a certificate's number. */
const PLAIN_SECRETS = [/(Gift card number: )\d{15}(\d{4})/g, /(PIN: )\d{4}()/g, /(Certificate )X[0-9A-Z]{14}([0-9A-Z]{4})/g];

/**
 * `outbox.sealed_body`: a mail's text sealed under the gift card key while it is undelivered (mail/sealed-mail.ts),
 * its `text_body` keeping the secrets masked; and an index on `created_at` for the retention sweep. Mail already in
 * the outbox keeps its text with the card numbers, PINs and certificate numbers masked (they were delivered, or shown
 * in the outbox, already).
 */
export const sealedMail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').addColumn('sealed_body', 'text').execute();
    await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
    const { rows } = await sql<{ id: string; text_body: string }>`select id, text_body from outbox
      where text_body like ${'%Gift card number: %'} or text_body like ${'%Certificate X%'}`.execute(db);
    for (const row of rows) {
      const text = PLAIN_SECRETS.reduce(
        (t, pattern) => t.replace(pattern, (_, label: string, last4: string) => (last4 ? `${label}•••• ${last4}` : `${label}••••`)),
        row.text_body,
      );
      await sql`update outbox set text_body = ${text} where id = ${row.id}`.execute(db);
    }
  },
};
