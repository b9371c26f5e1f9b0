import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailerFor, outboxMailer, smtpMailer } from '../../src/server/mail/mailer.ts';
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
        stream.on('end', () => (received.push(data), done()));
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
