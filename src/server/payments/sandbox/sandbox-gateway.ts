import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaymentSandboxAuthorizationTable } from '../../db/schema-payments.ts';
import { prepared, preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import {
  PaymentReferenceConflict,
  type AuthorizationRecord,
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardOnFile,
  type PaymentGateway,
  type RefusalCode,
  type SavedCard,
} from '../gateway.ts';
import { CARD_TECHNICAL_PROBLEM } from '#src/lib/checkout/card-messages.ts';
import { isWrongSecurityCode, REFUSALS, type SandboxOutcome } from './test-cards.ts';

/**
 * The embedded default gateway: behaves like a real provider (idempotent authorize by reference, single-use tokens,
 * saved cards as reusable payment methods on a customer, holds that can be voided, a search by reference) with its
 * state in the database, so any number of app instances on one PostgreSQL share it. One row per reference (a unique
 * constraint, inserted first): of any number of concurrent calls one insert wins, only that call spends the token,
 * and every call answers from that row, so a reference never makes a second authorization nor spends a token twice.
 * No step holds a transaction open across another (each is one atomic statement), as a provider's API holds none
 * across its clients.
 */
export interface SandboxGatewayOptions {
  database: () => Promise<Db>;
  /** The client's timeout: the timeout test card's reply comes no sooner. */
  timeoutMs: number;
}

const HOLD_STATUSES = ['authorized', 'voided', 'captured'] as const;

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

type Refusal = { code: RefusalCode; message: string };
const refusalOf = (outcome: SandboxOutcome, securityCode: string | undefined): Refusal | null => {
  if (securityCode !== undefined && isWrongSecurityCode(securityCode)) return REFUSALS.incorrect_cvc;
  return outcome === 'approve' || outcome === 'timeout' ? null : REFUSALS[outcome];
};

// An authorization's statements, compiled once (db/prepared.ts): every card order runs them.
const tokenRow = prepared((tx: Tx, token: string) => tx.selectFrom('payment_sandbox_tokens').selectAll().where('token', '=', token));
/** The token spent, with what it stands for; no row when it is unknown or spent already. */
const spendToken = prepared((tx: Tx, at: string, token: string) =>
  tx.updateTable('payment_sandbox_tokens').set({ used_at: at }).where('token', '=', token).where('used_at', 'is', null).returning('outcome'),
);
const methodRow = prepared((tx: Tx, id: string) => tx.selectFrom('payment_sandbox_methods').selectAll().where('id', '=', id));
const claimReference = preparedWrite((tx: Tx, id: string, reference: string, source: string, amount_cents: number, currency: string, at: string) =>
  tx
    .insertInto('payment_sandbox_authorizations')
    .values({
      id,
      reference,
      token: source,
      amount_cents,
      currency,
      status: 'pending',
      error_code: null,
      error_message: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('reference').doNothing()),
);
const settleAuthorization = preparedWrite((tx: Tx, status: string, error_code: string | null, error_message: string | null, id: string) =>
  tx.updateTable('payment_sandbox_authorizations').set({ status, error_code, error_message }).where('id', '=', id),
);
const authorizationOf = prepared((tx: Tx, reference: string) =>
  tx.selectFrom('payment_sandbox_authorizations').selectAll().where('reference', '=', reference),
);

const cardOf = (row: { brand: string; last4: string; exp_month: number; exp_year: number; holder: string }): CardOnFile => ({
  cardType: row.brand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
  holder: row.holder,
});

const SETTLE_POLL_MS = 10;

async function timesOut(tx: Tx, source: string): Promise<boolean> {
  const [token] = await tokenRow(tx, source);
  const [method] = token ? [] : await methodRow(tx, source);
  return (token ?? method)?.outcome === 'timeout';
}

/** The reference's row once its first call has settled it; null if that takes longer than a client waits. */
async function settledAuthorization(tx: Tx, reference: string, deadline: number) {
  for (;;) {
    const [row] = await authorizationOf(tx, reference);
    if (!row) throw new Error(`The authorization of ${reference} was not kept`);
    if (row.status !== 'pending') return row;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

const sourceId = (request: AuthorizeRequest) => (request.source.kind === 'token' ? request.source.token : request.source.paymentMethodId);

export function sandboxGateway({ database, timeoutMs }: SandboxGatewayOptions): PaymentGateway {
  /** The outcome the source stands for, spending a token; a refusal when the source cannot pay. */
  async function outcomeOfSource(tx: Tx, request: AuthorizeRequest, now: string): Promise<SandboxOutcome | Refusal> {
    if (request.source.kind === 'saved') {
      const [method] = await methodRow(tx, request.source.paymentMethodId);
      if (!method || method.customer_ref !== request.source.customerRef) return REFUSALS.processing_error;
      return method.outcome as SandboxOutcome;
    }
    const [spent] = await spendToken(tx, now, request.source.token);
    if (spent) return spent.outcome as SandboxOutcome;
    return (await tokenRow(tx, request.source.token)).length > 0 ? REFUSALS.token_used : REFUSALS.processing_error;
  }

  return {
    name: 'sandbox',

    async describeToken(token: string): Promise<CardOnFile | null> {
      const [row] = await tokenRow((await database()).kysely, token);
      return row && !row.used_at ? cardOf(row) : null;
    },

    async saveCard({ token, customerRef, reference }): Promise<SavedCard | null> {
      const db = (await database()).kysely;
      const existing = () => db.selectFrom('payment_sandbox_methods').selectAll().where('reference', '=', reference).executeTakeFirst();
      const [row] = await tokenRow(db, token);
      if (!row) return null;
      const method = {
        id: newId('pm_sbx'),
        reference,
        customer_ref: customerRef ?? newId('cus_sbx'),
        last4: row.last4,
        brand: row.brand,
        exp_month: row.exp_month,
        exp_year: row.exp_year,
        holder: row.holder,
        outcome: row.outcome,
        created_at: new Date().toISOString(),
      };
      // The reference first (a retried save finds its method), then the token is spent; a token spent elsewhere
      // takes the method back.
      const inserted = await db
        .insertInto('payment_sandbox_methods')
        .values(method)
        .onConflict((oc) => oc.column('reference').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        const kept = await existing();
        return kept ? { paymentMethodId: kept.id, customerRef: kept.customer_ref, card: cardOf(kept) } : null;
      }
      if ((await spendToken(db, method.created_at, token)).length === 0) {
        await db.deleteFrom('payment_sandbox_methods').where('id', '=', method.id).execute();
        return null;
      }
      return { paymentMethodId: method.id, customerRef: method.customer_ref, card: cardOf(method) };
    },

    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new RangeError('amountCents must be a positive integer');
      const db = (await database()).kysely;
      const now = new Date().toISOString();
      const id = newId('pi_sbx');
      const source = sourceId(request);
      // Each step is one atomic statement. The reference first: of concurrent calls with it one insert wins, and only
      // that call spends the token and settles the row, answering from what it settled; the others read the row once
      // it is settled.
      let outcome: SandboxOutcome | null = null;
      let row: Pick<Selectable<PaymentSandboxAuthorizationTable>, 'id' | 'token' | 'amount_cents' | 'status' | 'error_code' | 'error_message'> | null;
      if ((await claimReference(db, id, request.reference, source, request.amountCents, request.currency, now)) > 0) {
        const found = await outcomeOfSource(db, request, now);
        const refusal = typeof found === 'string' ? refusalOf(found, request.securityCode) : found;
        outcome = typeof found === 'string' ? found : null;
        const status = refusal ? 'refused' : 'authorized';
        const [error_code, error_message] = [refusal?.code ?? null, refusal?.message ?? null];
        await settleAuthorization(db, status, error_code, error_message, id);
        row = { id, token: source, amount_cents: request.amountCents, status, error_code, error_message };
      } else row = await settledAuthorization(db, request.reference, Date.now() + timeoutMs);
      if (!row) return { ok: false, code: 'timeout', message: CARD_TECHNICAL_PROBLEM };
      // As a provider's idempotency keys: a reference answers only the request it was first used with.
      if (row.token !== source || row.amount_cents !== request.amountCents) {
        throw new PaymentReferenceConflict('This reference was used with other parameters.');
      }
      // The timeout card answers late to every call with its reference, as a provider that is slow for that card.
      if (outcome === 'timeout' || (outcome === null && (await timesOut(db, row.token)))) {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        return { ok: false, code: 'timeout', message: CARD_TECHNICAL_PROBLEM };
      }
      if (row.status === 'refused') return { ok: false, code: row.error_code as RefusalCode, message: row.error_message ?? '' };
      return { ok: true, authorizationId: row.id };
    },

    async void(authorizationId: string): Promise<void> {
      const db = (await database()).kysely;
      const now = new Date().toISOString();
      await db
        .updateTable('payment_sandbox_authorizations')
        .set({ status: 'voided', updated_at: now })
        .where('id', '=', authorizationId)
        .where('status', '=', 'authorized')
        .execute();
      const row = await db.selectFrom('payment_sandbox_authorizations').select('status').where('id', '=', authorizationId).executeTakeFirst();
      if (row?.status !== 'voided')
        throw new Error(row ? `Authorization ${authorizationId} is ${row.status}` : `No authorization ${authorizationId}`);
    },

    async findByReference(reference: string): Promise<AuthorizationRecord[]> {
      const db = (await database()).kysely;
      const rows = await db
        .selectFrom('payment_sandbox_authorizations')
        .select(['id', 'reference', 'amount_cents', 'status'])
        .where('reference', '=', reference)
        .where('status', 'in', HOLD_STATUSES)
        .execute();
      return rows.map((r) => ({
        authorizationId: r.id,
        reference: r.reference,
        amountCents: r.amount_cents,
        status: r.status as AuthorizationRecord['status'],
      }));
    },
  };
}
