import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { prepared, preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import { PaymentReferenceConflict, type AuthorizationRecord, type AuthorizeRequest, type AuthorizeResult, type PaymentGateway } from '../gateway.ts';
import { REFUSALS, TIMEOUT_MESSAGE, type SandboxOutcome } from './test-cards.ts';

/**
 * The embedded default gateway: behaves like a real provider (idempotent authorize by reference, holds that can be
 * voided, a search by reference) with its state in the database, so any number of app instances on one PostgreSQL
 * share it. One row per reference (a unique constraint): of any number of concurrent calls one insert wins and
 * every call answers from that row, so a reference never makes a second authorization.
 */
export interface SandboxGatewayOptions {
  database: () => Promise<Db>;
  /** The client's timeout: the timeout test card's reply comes no sooner. */
  timeoutMs: number;
}

const HOLD_STATUSES = ['authorized', 'voided', 'captured'] as const;

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

// An authorization's statements, compiled once (db/prepared.ts): every card order runs them.
const tokenOutcome = prepared((tx: Tx, token: string) => tx.selectFrom('payment_sandbox_tokens').select('outcome').where('token', '=', token));
const insertAuthorization = preparedWrite(
  (
    tx: Tx,
    id: string,
    reference: string,
    token: string,
    amount_cents: number,
    currency: string,
    status: string,
    error_code: string | null,
    error_message: string | null,
    at: string,
  ) =>
    tx
      .insertInto('payment_sandbox_authorizations')
      .values({ id, reference, token, amount_cents, currency, status, error_code, error_message, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('reference').doNothing()),
);
const authorizationOf = prepared((tx: Tx, reference: string) =>
  tx.selectFrom('payment_sandbox_authorizations').selectAll().where('reference', '=', reference),
);

export function sandboxGateway({ database, timeoutMs }: SandboxGatewayOptions): PaymentGateway {
  return {
    name: 'sandbox',

    async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new RangeError('amountCents must be a positive integer');
      const db = (await database()).kysely;
      const [token] = await tokenOutcome(db, request.token);
      if (!token) return { ok: false, ...REFUSALS.processing_error, code: 'processing_error' };
      const outcome = token.outcome as SandboxOutcome;
      const refusal = outcome === 'approve' || outcome === 'timeout' ? null : REFUSALS[outcome];
      const now = new Date().toISOString();
      await insertAuthorization(
        db,
        newId('pi_sbx'),
        request.reference,
        request.token,
        request.amountCents,
        request.currency,
        refusal ? 'refused' : 'authorized',
        refusal?.code ?? null,
        refusal?.message ?? null,
        now,
      );
      const [row] = await authorizationOf(db, request.reference);
      if (!row) throw new Error(`The authorization of ${request.reference} was not kept`);
      // As a provider's idempotency keys: a reference answers only the request it was first used with.
      if (row.token !== request.token || row.amount_cents !== request.amountCents) {
        throw new PaymentReferenceConflict('This reference was used with other parameters.');
      }
      if (outcome === 'timeout') {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        return { ok: false, code: 'timeout', message: TIMEOUT_MESSAGE };
      }
      if (row.status === 'refused') {
        return { ok: false, code: row.error_code as 'declined' | 'insufficient_funds' | 'processing_error', message: row.error_message ?? '' };
      }
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
