import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { giftCardKey } from '#src/server/gift-cards/gift-card-key.ts';
import { latestMail, mailerFor, outboxMailer, smtpMailer } from '#src/server/mail/mailer.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: false });
});
afterAll(() => t.cleanup());

describe('mailer adapters', () => {
  it('keeps mail in the outbox by default', async () => {
    delete process.env.SMTP_URL;
    await mailerFor(t.db).send({ to: 'ann@example.com', subject: 'Hello', text: 'Body' });
    const [mail] = await latestMail(t.db, 'ann@example.com');
    expect(mail).toMatchObject({ to_address: 'ann@example.com', subject: 'Hello', text_body: 'Body' });
  });

  it('sends through SMTP when configured, and keeps a record in the outbox', async () => {
    const smtp = await smtpServer();
    try {
      const mailer = smtpMailer(smtp.url, 'Store <no-reply@example.com>', outboxMailer(t.db));
      await mailer.send({ to: 'bo@example.com', subject: 'Reset your password', text: 'Use this link' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Subject: Reset your password');
      expect(smtp.received[0]).toContain('To: bo@example.com');
      expect((await latestMail(t.db, 'bo@example.com'))[0]?.subject).toBe('Reset your password');
    } finally {
      await smtp.close();
    }
  });
});

describe('a mail carrying secrets', () => {
  const NUMBER = '6035710000000004321';
  const secretMail = { to: 'gift@example.com', subject: 'Your gift card', text: `Gift card number: ${NUMBER}\nPIN: 8642\n` };

  it('goes to SMTP whole, and once delivered the outbox keeps it masked with nothing sealed', async () => {
    const smtp = await smtpServer();
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = smtp.url;
    // The settings are read once (src/server/config.ts): fresh modules read them again, with SMTP_URL set.
    vi.resetModules();
    try {
      const mailer = await import('#src/server/mail/mailer.ts');
      const key = await giftCardKey(t.db.kysely);
      const queued = await mailer.queueMail(t.db.kysely, { ...secretMail, secrets: { values: [NUMBER, '8642'], key } });
      const row = () => t.db.kysely.selectFrom('outbox').selectAll().where('id', '=', queued.outboxId).executeTakeFirstOrThrow();
      expect((await row()).sealed_body).toMatch(/^v1\./);
      mailer.deliverQueued(t.db, queued);
      await vi.waitFor(async () => expect((await row()).sealed_body).toBeNull());
      expect(smtp.received[0]).toContain(`Gift card number: ${NUMBER}`);
      expect((await row()).text_body).toBe('Gift card number: •••• 4321\nPIN: ••••\n');
    } finally {
      if (before === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before;
      await smtp.close();
    }
  });

  it('sent straight through SMTP is recorded masked, nothing sealed', async () => {
    const smtp = await smtpServer();
    try {
      const key = await giftCardKey(t.db.kysely);
      await smtpMailer(smtp.url, 'Store <no-reply@example.com>', outboxMailer(t.db)).send({
        ...secretMail,
        to: 'gift.direct@example.com',
        secrets: { values: [NUMBER, '8642'], key },
      });
      expect(smtp.received[0]).toContain(`Gift card number: ${NUMBER}`);
      const [kept] = await latestMail(t.db, 'gift.direct@example.com', 1, key);
      expect(kept).toMatchObject({ text_body: 'Gift card number: •••• 4321\nPIN: ••••\n', sealed: false });
    } finally {
      await smtp.close();
    }
  });
});

/** A local SMTP server that keeps what it receives. */
async function smtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push(data);
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('a password reset does not wait for SMTP', () => {
  it('answers for a known address even when SMTP cannot be reached, and the outbox keeps the mail', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'; // nothing listens there
    // The settings are read once (src/server/config.ts): fresh modules read them again, with SMTP_URL set.
    vi.resetModules();
    const { createCustomer } = await import('#src/server/accounts/accounts.ts');
    const { requestPasswordReset } = await import('#src/server/accounts/reset.ts');
    await createCustomer(t.db, { email: 'smtp.down@example.com', firstName: 'Sam', lastName: 'Down', password: 'abcd1234' });
    try {
      await expect(requestPasswordReset(t.db, 'smtp.down@example.com', '192.0.2.9', 'http://localhost:4321')).resolves.toBeUndefined();
      expect((await latestMail(t.db, 'smtp.down@example.com'))[0]?.subject).toBe('Reset your Seven Brands password');
      await vi.waitFor(() => expect(errors).toHaveBeenCalled()); // the delivery failure is logged, later
      // by the mail's outbox row and the SMTP error's code: a shopper's address is never written to the log.
      const logged = errors.mock.calls.flat().map((part) => (part instanceof Error ? `${part.message} ${part.stack}` : String(part)));
      expect(logged.join('\n')).toMatch(/could not be delivered: E[A-Z]+/);
      expect(logged.join('\n')).not.toContain('smtp.down@example.com');
    } finally {
      if (before === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before;
      errors.mockRestore();
    }
  });
});
