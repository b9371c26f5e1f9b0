import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { config } from '../config.ts';

/**
 * E-mail goes through this adapter. The default is an outbox table (read it at /dev/outbox or with
 * `npm run outbox`), so the store works offline and tests can follow a reset link; with SMTP_URL set, mail is
 * sent through SMTP by nodemailer and also kept in the outbox as a record.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.kysely
        .insertInto('outbox')
        .values({ id: randomUUID(), to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: new Date().toISOString() })
        .execute();
    },
  };
}

export function smtpMailer(url: string, from: string, record: Mailer): Mailer {
  let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await record.send(mail);
    },
  };
}

export function mailerFor(db: Db): Mailer {
  const outbox = outboxMailer(db);
  const { SMTP_URL: smtp, MAIL_FROM: from } = config();
  return smtp ? smtpMailer(smtp, from, outbox) : outbox;
}

/**
 * Records the mail in the outbox now and hands it to SMTP (when configured) without waiting for delivery; a
 * delivery failure is logged. For replies that must not depend on whether mail went out: a password reset mails
 * only known addresses, so waiting for SMTP (or failing with it) would tell who has an account.
 */
export async function sendWithoutWaiting(db: Db, mail: Mail): Promise<void> {
  await outboxMailer(db).send(mail);
  const { SMTP_URL: smtp, MAIL_FROM: from } = config();
  if (!smtp) return;
  const delivery = smtpMailer(smtp, from, { send: async () => {} });
  void delivery.send(mail).catch((err: unknown) => console.error(`[mail] "${mail.subject}" to ${mail.to} could not be delivered:`, err));
}

/**
 * Queues a mail inside the caller's transaction (the order confirmation): it is in the outbox exactly when the
 * order is. `deliverQueued` then hands it to SMTP, when configured, once the transaction has committed.
 */
export async function queueMail(tx: Tx, mail: Mail): Promise<void> {
  await tx
    .insertInto('outbox')
    .values({ id: randomUUID(), to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: new Date().toISOString() })
    .execute();
}

export function deliverQueued(mail: Mail): void {
  const { SMTP_URL: smtp, MAIL_FROM: from } = config();
  if (!smtp) return;
  const delivery = smtpMailer(smtp, from, { send: async () => {} });
  void delivery.send(mail).catch((err: unknown) => console.error(`[mail] "${mail.subject}" to ${mail.to} could not be delivered:`, err));
}

export async function latestMail(db: Db, to?: string, limit = 20) {
  let q = db.kysely.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (to) q = q.where('to_address', '=', to.toLowerCase());
  return q.execute();
}
