import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    try {
      const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Store <no-reply@example.com>', outboxMailer(t.db));
      await mailer.send({ to: 'bo@example.com', subject: 'Reset your password', text: 'Use this link' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Reset your password');
      expect(received[0]).toContain('To: bo@example.com');
      expect((await latestMail(t.db, 'bo@example.com'))[0]?.subject).toBe('Reset your password');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

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
    } finally {
      if (before === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before;
      errors.mockRestore();
    }
  });
});
