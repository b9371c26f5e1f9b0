import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { issueOrderCards } from '#src/server/gift-cards/order-cards.ts';
import { containsCardNumber } from '#src/lib/no-card-number.ts';
import { earnForOrder } from '#src/server/rewards/earn.ts';
import { latestMail } from '#src/server/mail/mailer.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';
import { openedMail } from '../helpers/opened-mail.ts';
import { orderRow, rewardsCustomer } from '../helpers/rewards-fixtures.ts';

/**
 * An e-gift card's number and PIN and an earned certificate's number leave the store only in the mail that carries
 * them: no copy of the database holds them readable. On SQLite the test reads the database file and its WAL byte
 * by byte; on PostgreSQL every row of every table as text, and the cluster's own files: the tables' data files after
 * a checkpoint and every WAL segment written meanwhile. The operator's `npm run outbox` opens them with the key.
 */
let t: TestDb;
let walStart = '';
const RECIPIENT = 'secret.recipient@example.com';
let secrets: { number: string; pin: string; certificate: string; customerEmail: string };

beforeAll(async () => {
  t = await freshDb();
  if (PG_URL) walStart = (await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(t.db.kysely)).rows[0]!.lsn;
  const fb = await t.db.kysely
    .selectFrom('products')
    .select('id')
    .where('brand_code', '=', 'fb')
    .where('product_type', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const customer = await rewardsCustomer(t.db);
  await t.db.kysely.updateTable('rewards_memberships').set({ points: 450 }).where('customer_id', '=', customer.id).execute();
  const orderId = await orderRow(t.db, customer.id, customer.email);
  const mails = await withWriteTransaction(t.db, async (tx) => [
    ...(await issueOrderCards(tx, { id: orderId, email: customer.email }, [
      {
        quantity: 1,
        unitPrice: 5000,
        giftCard: { kind: 'e', recipientName: 'Ann', recipientEmail: RECIPIENT, senderName: 'Bo', message: 'Happy birthday!' },
      },
    ])),
    ...(await earnForOrder(tx, {
      id: orderId,
      customerId: customer.id,
      email: customer.email,
      lines: [{ productId: fb.id, lineTotal: 12000 }],
      discountCents: 0,
    })),
  ]);
  // The mail as it is handed to SMTP: the only place the secrets are whole.
  const text = mails.map((m) => m.text).join('\n');
  secrets = {
    number: /Gift card number: (\d{19})\n/.exec(text)?.[1] ?? '',
    pin: /PIN: (\d{4})\n/.exec(text)?.[1] ?? '',
    certificate: /Certificate (X[0-9A-Z]{18}): \$10\.00/.exec(text)?.[1] ?? '',
    customerEmail: customer.email,
  };
  expect(secrets.number).toMatch(/^\d{19}$/);
  expect(secrets.pin).toMatch(/^\d{4}$/);
  expect(secrets.certificate).toMatch(/^X[0-9A-Z]{18}$/);
});
afterAll(() => t.cleanup());

/**
 * The forms a secret could be read in: as the mail writes it, and hex of that. A 4-digit PIN alone turns up by chance
 * in any file full of dates and counts, so it is looked for as the mail writes it, after "PIN: ".
 */
const readableForms = () =>
  [secrets.number, `PIN: ${secrets.pin}`, secrets.certificate].flatMap((s) => [s, Buffer.from(s).toString('hex')]).map((s) => Buffer.from(s));

function secretsIn(bytes: Buffer): string[] {
  return readableForms()
    .filter((form) => bytes.includes(form))
    .map((form) => form.toString());
}

/** PostgreSQL: every row of every table of the test's schema, as text. */
async function everyRowAsText(): Promise<Buffer> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = ${t.pgSchema} and table_type = 'BASE TABLE'`.execute(t.db.kysely);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select r::text as row from ${sql.table(name)} r`.execute(t.db.kysely);
    parts.push(...rows.rows.map((r) => r.row));
  }
  expect(tables.rows.length).toBeGreaterThan(10);
  return Buffer.from(parts.join('\n'));
}

/** PostgreSQL: the cluster's files holding this schema's tables (after a checkpoint) and the WAL written since the test began. */
async function clusterFiles(): Promise<Buffer> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query('checkpoint');
    await admin.query('select pg_switch_wal()');
    const dataDir = (await admin.query<{ dir: string }>('select current_setting($1) as dir', ['data_directory'])).rows[0]!.dir;
    const relations = await admin.query<{ path: string }>(
      `select pg_relation_filepath(c.oid) as path from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ($1, 'pg_toast') and c.relkind in ('r', 't') and pg_relation_filepath(c.oid) is not null`,
      [t.pgSchema],
    );
    const end = (await admin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
    const first = (await admin.query<{ f: string }>('select pg_walfile_name($1::pg_lsn) as f', [walStart])).rows[0]!.f;
    const last = (await admin.query<{ f: string }>('select pg_walfile_name($1::pg_lsn) as f', [end])).rows[0]!.f;
    const wal = readdirSync(join(dataDir, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f) && f >= first && f <= last);
    expect(wal.length).toBeGreaterThan(0);
    return Buffer.concat([
      ...relations.rows.map((r) => readFileSync(join(dataDir, r.path))),
      ...wal.map((f) => readFileSync(join(dataDir, 'pg_wal', f))),
    ]);
  } finally {
    await admin.end();
  }
}

describe(`gift card and certificate secrets at rest (${PG_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('are in no copy of the database: not in its files, its WAL, nor any row', async () => {
    if (t.file) {
      const db = readFileSync(t.file);
      const wal = readFileSync(`${t.file}-wal`);
      // The scan reads what was written: the mail itself is there, its recipient readable.
      expect(Buffer.concat([db, wal]).includes(RECIPIENT)).toBe(true);
      expect({ db: secretsIn(db), wal: secretsIn(wal) }).toEqual({ db: [], wal: [] });
    } else {
      const rows = await everyRowAsText();
      expect(rows.includes(RECIPIENT)).toBe(true);
      expect(secretsIn(rows)).toEqual([]);
      const files = await clusterFiles();
      expect(files.includes(RECIPIENT)).toBe(true);
      expect(secretsIn(files)).toEqual([]);
    }
  });

  it('the outbox keeps each mail with its secrets masked, and nothing that reads as a card number', async () => {
    const [card] = await latestMail(t.db, RECIPIENT);
    expect(card?.text_body).toContain(`Gift card number: •••• ${secrets.number.slice(-4)}\nPIN: ••••\n`);
    expect(card?.sealed).toBe(true);
    const [certificate] = await latestMail(t.db, secrets.customerEmail);
    expect(certificate?.text_body).toContain(`Certificate •••• ${secrets.certificate.slice(-4)}: $10.00`);
    for (const mail of [card, certificate]) expect(containsCardNumber(mail?.text_body ?? '')).toBe(false);
  });

  it('opens them with the gift card key, and not with another', async () => {
    const [card] = await openedMail(t.db, RECIPIENT);
    expect(card?.text_body).toContain(`Gift card number: ${secrets.number}\nPIN: ${secrets.pin}\n`);
    const [other] = await latestMail(t.db, RECIPIENT, 1, Buffer.alloc(32, 7));
    expect(other).toMatchObject({ sealed: true, opened: false });
    expect(other?.text_body).not.toContain(secrets.number);
  });

  it('`npm run outbox` shows an operator with the key the number, PIN and certificate number', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, GIFT_CARD_KEY: '' };
    if (t.file) env.DATA_DIR = dirname(t.file);
    else env.DATABASE_URL = `${PG_URL}${PG_URL?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${t.pgSchema}`)}`;
    const run = (to: string, extra: NodeJS.ProcessEnv = {}) =>
      promisify(execFile)(process.execPath, ['scripts/outbox.ts', '--to', to], { env: { ...env, ...extra } }).then((r) => r.stdout);
    const card = await run(RECIPIENT);
    expect(card).toContain(`Gift card number: ${secrets.number}\nPIN: ${secrets.pin}\n`);
    expect(await run(secrets.customerEmail)).toContain(`Certificate ${secrets.certificate}: $10.00`);
    // Another key opens nothing: the mail is shown masked, and says why.
    const masked = await run(RECIPIENT, { GIFT_CARD_KEY: Buffer.alloc(32, 7).toString('base64url') });
    expect(masked).toContain(`Gift card number: •••• ${secrets.number.slice(-4)}`);
    expect(masked).toContain('sealed under another GIFT_CARD_KEY');
  });
});
