import { sql, type RawBuilder } from 'kysely';
import { config } from '../config.ts';
import { getDb, type Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { nextLeaseEnd, recoverAbandonedAttempts } from '../checkout/placement/recovery.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { paymentGateway } from '../payments/payments.ts';
import { webPaymentProvider } from '../payments/web-payments.ts';
import { captureOwedPayments } from '../checkout/placement/web-payment-capture.ts';

/**
 * Deletes what has expired, so the database does not grow with traffic: sessions, rate-limit counters, gift card PIN
 * counters, social sign-ins and reset links past their expiry, the embedded provider's expired records, guest bags nobody can
 * reach any more (open, held by no session or account, untouched for longer than a guest session lives), and mail
 * older than MAIL_RETENTION_DAYS.
 *
 * Every instance runs it on its own timer, so it is safe to run several at once: each statement deletes one bounded
 * batch, on PostgreSQL choosing rows with FOR UPDATE SKIP LOCKED (two instances take different rows instead of
 * waiting on each other), on SQLite as one short write each (the database serialises writers). A run stops after
 * `maxBatches` per kind, so a backlog is worked off over several runs without holding the database for long.
 */
export interface SweepOptions {
  now?: Date;
  /** How long an untouched guest bag is kept once no session or account holds it. */
  guestTtlSeconds?: number;
  batchSize?: number;
  maxBatches?: number;
}

export type SweepCounts = Record<
  | 'sessions'
  | 'rateLimits'
  | 'giftCardFailures'
  | 'socialLogins'
  | 'passwordResets'
  | 'oidcPayloads'
  | 'walletSessions'
  | 'baskets'
  | 'checkoutAttempts'
  | 'outbox',
  number
>;

/** How long an order attempt's reply is kept for retries of its idempotency key. */
const ATTEMPT_REPLAY_DAYS = 7;

const DEFAULT_BATCH = 500;
const DEFAULT_MAX_BATCHES = 20;

export async function sweepExpired(db: Db, options: SweepOptions = {}): Promise<SweepCounts> {
  const now = (options.now ?? new Date()).toISOString();
  const batch = options.batchSize ?? DEFAULT_BATCH;
  const maxBatches = options.maxBatches ?? DEFAULT_MAX_BATCHES;
  const cutoff = new Date(Date.parse(now) - (options.guestTtlSeconds ?? config().SESSION_TTL_SECONDS) * 1000).toISOString();
  const skipLocked = sql.raw(db.dialect === 'postgres' ? ' for update skip locked' : '');

  const repeat = async (once: () => Promise<number>) => {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await once();
      total += n;
      if (n < batch) break;
    }
    return total;
  };
  // Table and column names below are constants of this module, never request data.
  const deleteWhere = (table: string, key: string[], condition: RawBuilder<unknown>) =>
    repeat(async () => {
      const t = sql.raw(table);
      const columns = sql.raw(key.join(', '));
      const k = sql.raw(key.length > 1 ? `(${key.join(', ')})` : key[0]!);
      const r = await sql`delete from ${t} where ${k} in (select ${columns} from ${t} where ${condition} limit ${batch}${skipLocked})`.execute(
        db.kysely,
      );
      return Number(r.numAffectedRows ?? 0n);
    });

  // Sessions first: a bag whose last session has just expired is swept in the same run.
  const sessions = await deleteWhere('sessions', ['id'], sql`expires_at <= ${now}`);
  const rateLimits = await deleteWhere('rate_limits', ['key'], sql`reset_at <= ${now} and (pending_until is null or pending_until <= ${now})`);
  const giftCardFailures = await deleteWhere(
    'gift_card_failures',
    ['key'],
    sql`window_until <= ${now} and (locked_until is null or locked_until <= ${now})`,
  );
  const socialLogins = await deleteWhere('social_logins', ['state'], sql`expires_at <= ${now}`);
  const passwordResets = await deleteWhere('password_resets', ['token_hash'], sql`expires_at <= ${now}`);
  const oidcPayloads = await deleteWhere('oidc_payloads', ['model', 'id'], sql`expires_at is not null and expires_at <= ${now}`);
  // An expired merchant session pays for nothing (a replayed payment answers from its attempt, not its session).
  const walletSessions = await deleteWhere('wallet_merchant_sessions', ['id'], sql`expires_at <= ${now}`);
  const baskets = await repeat(() =>
    withWriteTransaction(db, async (tx) => {
      const { rows } = await sql<{ id: string }>`select b.id from baskets b
        where b.status = 'open' and b.updated_at <= ${cutoff} and b.placing_attempt_id is null
          and not exists (select 1 from sessions s where s.basket_id = b.id)
          and not exists (select 1 from customers c where c.basket_id = b.id)
        limit ${batch}${skipLocked}`.execute(tx);
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return 0;
      await tx.deleteFrom('basket_items').where('basket_id', 'in', ids).execute();
      await tx.deleteFrom('basket_coupons').where('basket_id', 'in', ids).execute();
      await tx.deleteFrom('bag_tenders').where('basket_id', 'in', ids).execute();
      await tx.deleteFrom('basket_checkout').where('basket_id', 'in', ids).execute();
      await tx.deleteFrom('baskets').where('id', 'in', ids).execute();
      return ids.length;
    }),
  );
  // A finished attempt's stored reply answers retries of its key; after a week no client retries it.
  const attemptCutoff = new Date(Date.parse(now) - ATTEMPT_REPLAY_DAYS * 86_400_000).toISOString();
  const checkoutAttempts = await deleteWhere('checkout_attempts', ['id'], sql`state = 'done' and created_at <= ${attemptCutoff}`);
  // Sent mail is a record only for as long as its retention: then it goes, with any seal an undelivered one kept.
  const mailCutoff = new Date(Date.parse(now) - config().MAIL_RETENTION_DAYS * 86_400_000).toISOString();
  const outbox = await deleteWhere('outbox', ['id'], sql`created_at <= ${mailCutoff}`);
  return { sessions, rateLimits, giftCardFailures, socialLogins, passwordResets, oidcPayloads, walletSessions, baskets, checkoutAttempts, outbox };
}

/** How often each instance sweeps, on average; each wait is drawn between half and one and a half of it. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** How long after a lease's end its recovery runs: a timer may fire a millisecond early, and the lease must be over. */
const LEASE_END_GRACE_MS = 50;
/** How soon an attempt the gateway could not be asked about is tried again. */
const RECOVERY_RETRY_MS = 30_000;
/** How soon a run the database's absence stopped is tried again. */
const OUTAGE_RETRY_MS = 1_000;

interface MaintenanceOptions {
  intervalMs?: number;
  /** The database and the card gateway to work with: the process's own unless a test gives others. */
  database?: () => Promise<Db>;
  gateway?: () => PaymentGateway;
}

/**
 * Sweeps on a timer with jitter (instances started together drift apart), the first run within a minute of start.
 * Order placements a process left mid-payment (src/server/checkout/placement/recovery.ts) are recovered at once, then again
 * whenever the earliest open lease ends (so a lease still live at start-up, the crashed process's last placements,
 * is settled as soon as it runs out), and with every sweep. A lease that starts after that is looked at by the next
 * sweep, or at once by a request that meets it. The timers do not keep the process alive. Returns a function that
 * stops them.
 */
export function startMaintenance({
  intervalMs = SWEEP_INTERVAL_MS,
  database = getDb,
  gateway = paymentGateway,
}: MaintenanceOptions = {}): () => void {
  let sweepTimer: NodeJS.Timeout | undefined;
  let recoveryTimer: NodeJS.Timeout | undefined;
  let recovering: Promise<void> | undefined;
  let stopped = false;
  const later = (run: () => unknown, delay: number) => {
    const timer = setTimeout(run, delay);
    timer.unref();
    return timer;
  };
  const recoverOnce = async () => {
    let next: number | null;
    try {
      const db = await database();
      const now = new Date();
      const { recovered, left } = await recoverAbandonedAttempts(db, gateway(), now);
      if (recovered > 0) console.warn(`[maintenance] recovered ${recovered} order attempt(s) left mid-payment; their authorizations were voided`);
      // Orders paid with PayPal whose capture failed after they were written: taken again, under the same request id.
      const web = webPaymentProvider();
      const owed = web ? await captureOwedPayments(db, web, now) : { captured: 0, left: 0 };
      if (owed.captured > 0) console.warn(`[maintenance] captured ${owed.captured} PayPal payment(s) owed by written orders`);
      // From the same instant: a lease that ran out while this run was busy is next, at once.
      const end = await nextLeaseEnd(db, now);
      next = end ? Math.max(end.getTime() - Date.now(), 0) + LEASE_END_GRACE_MS : null;
      if (left + owed.left > 0) next = Math.min(next ?? RECOVERY_RETRY_MS, RECOVERY_RETRY_MS);
    } catch (err) {
      console.warn(`[maintenance] order recovery failed, trying again shortly: ${(err as Error).message}`);
      // The database away (a restart, a failover): as soon as it is back, so no lease ending meanwhile is missed.
      next = isDatabaseUnavailable(err) ? OUTAGE_RETRY_MS : RECOVERY_RETRY_MS;
    }
    clearTimeout(recoveryTimer);
    if (!stopped && next !== null) recoveryTimer = later(recover, next);
  };
  // One run at a time; a sweep that comes during a run leaves it to that run (which schedules the next).
  const recover = () => {
    recovering ??= recoverOnce().finally(() => {
      recovering = undefined;
    });
    return recovering;
  };
  const sweep = async () => {
    try {
      await sweepExpired(await database());
    } catch (err) {
      console.warn(`[maintenance] sweep failed, trying again next time: ${(err as Error).message}`);
    }
    await recover();
    if (!stopped) sweepTimer = later(sweep, intervalMs * (0.5 + Math.random()));
  };
  void recover();
  sweepTimer = later(sweep, Math.random() * Math.min(60_000, intervalMs));
  return () => {
    stopped = true;
    clearTimeout(sweepTimer);
    clearTimeout(recoveryTimer);
  };
}
