import { randomUUID } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { preparedRowWrite } from '../db/prepared.ts';
import { config } from '../config.ts';
import { type MailSecrets, masked, seal, unseal } from './sealed-mail.ts';

/**
 * E-mail goes through this adapter. The default is an outbox table (read it at /dev/outbox or with
 * `npm run outbox`), so the store works offline and tests can follow a reset link; with SMTP_URL set, mail is
 * sent through SMTP by nodemailer and also kept in the outbox as a record. A mail's secrets are kept masked, and
 * sealed until it is delivered (sealed-mail.ts); the sweep deletes mail older than MAIL_RETENTION_DAYS.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  secrets?: MailSecrets;
}

/** A mail in the outbox, by its row: its seal is dropped once SMTP has taken it. */
export interface QueuedMail extends Mail {
  outboxId: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The outbox row of a mail: secrets masked in the text, and the whole text sealed unless it is already delivered. */
function outboxRow(mail: Mail, delivered: boolean) {
  const id = randomUUID();
  const { secrets } = mail;
  return {
    id,
    to_address: mail.to,
    subject: mail.subject,
    text_body: secrets ? masked(mail.text, secrets.values) : mail.text,
    sealed_body: secrets && !delivered ? seal(secrets.key, id, mail.text) : null,
    created_at: new Date().toISOString(),
  };
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.kysely.insertInto('outbox').values(outboxRow(mail, false)).execute();
    },
  };
}

/** Sends through SMTP, then records the mail as delivered: its secrets masked, nothing sealed. */
export function smtpMailer(url: string, from: string, record: Mailer): Mailer {
  let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await record.send(mail.secrets ? { to: mail.to, subject: mail.subject, text: masked(mail.text, mail.secrets.values) } : mail);
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
  deliverQueued(db, await queueMail(db.kysely, mail));
}

/**
 * Queues a mail inside the caller's transaction (the order confirmation): it is in the outbox exactly when the
 * order is. `deliverQueued` then hands it to SMTP, when configured, once the transaction has committed.
 */
export async function queueMail(tx: Tx, mail: Mail): Promise<QueuedMail> {
  const { write, queued } = mailQueuing(tx, mail);
  await tx.executeQuery(write);
  return queued;
}

/** queueMail's statement, to send with others (db/write-batch.ts), and the mail it queues. */
export function mailQueuing(tx: Tx, mail: Mail): { write: CompiledQuery; queued: QueuedMail } {
  const row = outboxRow(mail, false);
  return { write: insertOutbox.compiled(tx, row), queued: { ...mail, outboxId: row.id } };
}

/** Every placement queues its confirmation: compiled once, and prepared by name with the placement's other writes. */
const insertOutbox = preparedRowWrite(['id', 'to_address', 'subject', 'text_body', 'sealed_body', 'created_at'] as const, (tx: Tx, row: OutboxRow) =>
  tx.insertInto('outbox').values(row),
);
type OutboxRow = ReturnType<typeof outboxRow>;

/**
 * Hands a queued mail to SMTP (when configured) without waiting; once delivered its seal is dropped, so the outbox
 * keeps its secrets only while it is undelivered. Without SMTP the outbox is the delivery and the seal stays, for
 * `npm run outbox`, until the mail's retention ends.
 */
export function deliverQueued(db: Db, mail: QueuedMail): void {
  const { SMTP_URL: smtp, MAIL_FROM: from } = config();
  if (!smtp) return;
  const delivery = smtpMailer(smtp, from, { send: () => dropSeal(db, mail.outboxId) });
  void delivery
    .send(mail)
    .catch((err: unknown) => console.error(`[mail] "${mail.subject}" (outbox ${mail.outboxId}) could not be delivered: ${deliveryProblem(err)}`));
}

/**
 * What a failed delivery is logged as: the SMTP error's code and reply code only. Its message and reply may quote the
 * recipient's address, and a shopper's address has no place in the server's log (the outbox row names it).
 */
function deliveryProblem(err: unknown): string {
  if (!(err instanceof Error)) return 'error';
  const { code, responseCode } = err as Error & { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : err.name, typeof responseCode === 'number' ? String(responseCode) : ''].filter(Boolean).join(' ');
}

async function dropSeal(db: Db, outboxId: string): Promise<void> {
  await db.kysely.updateTable('outbox').set({ sealed_body: null }).where('id', '=', outboxId).where('sealed_body', 'is not', null).execute();
}

/** The latest mail, secrets masked; with the gift card key, a sealed mail's text in full (`npm run outbox`). */
export async function latestMail(db: Db, to?: string, limit = 20, key?: Buffer) {
  let q = db.kysely.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (to) q = q.where('to_address', '=', to.toLowerCase());
  const rows = await q.execute();
  return rows.map(({ sealed_body: sealed, ...row }) => {
    const opened = key && sealed ? unseal(key, row.id, sealed) : null;
    return { ...row, text_body: opened ?? row.text_body, sealed: sealed !== null, opened: opened !== null };
  });
}
