import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '#src/server/db/database.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * A store upgraded to sealed mail keeps the mail it already had, with the secrets it carried in plain masked: an
 * e-gift card's number and PIN, a certificate's number. Other mail is left as it was. SQLite, and PostgreSQL with
 * DATABASE_URL.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ migratedUpTo: '2026_11_29_031_web_payment_captures' });
});
afterAll(() => t.cleanup());

describe('the sealed mail migration', () => {
  it('masks the gift card numbers, PINs and certificate numbers of mail already in the outbox', async () => {
    const mail = (id: string, text: string) => ({
      id,
      to_address: 'old@example.com',
      subject: id,
      text_body: text,
      created_at: new Date().toISOString(),
    });
    await t.db.kysely
      .insertInto('outbox')
      .values([
        mail('card', 'Amount: $50.00\nGift card number: 6035712345678904321\nPIN: 8642\n\nKeep this e-mail.'),
        mail('certificate', 'Certificate XQTQWH0QSXE9EJTVQ5C: $10.00, use by 2027-01-31'),
        mail('reset', 'Reset your password: http://127.0.0.1:4321/reset-password?token=abc'),
      ])
      .execute();
    await migrate(t.db);
    const rows = await t.db.kysely.selectFrom('outbox').select(['subject', 'text_body', 'sealed_body']).orderBy('subject').execute();
    expect(rows).toEqual([
      { subject: 'card', text_body: 'Amount: $50.00\nGift card number: •••• 4321\nPIN: ••••\n\nKeep this e-mail.', sealed_body: null },
      { subject: 'certificate', text_body: 'Certificate •••• VQ5C: $10.00, use by 2027-01-31', sealed_body: null },
      { subject: 'reset', text_body: 'Reset your password: http://127.0.0.1:4321/reset-password?token=abc', sealed_body: null },
    ]);
  });
});
