import type { Answer, Caller, Problem } from '#src/lib/commerce-api/call.ts';
import { PROBLEM } from '#src/lib/commerce-api/call.ts';
import type { CommerceApi, Implementation, Resource } from '#src/lib/commerce-api/commerce-api.ts';
import { customerOperations } from '../accounts/customer-facade.ts';
import { listsOperations } from '../accounts/customer-lists-facade.ts';
import { bagOperations } from '../bag/basket-facade.ts';
import { catalogOperations } from '../catalog/catalog-facade.ts';
import { checkoutOperations } from '../checkout/checkout-facade.ts';
import { agentsOperations } from '../support-agents/support-agents-facade.ts';
import { marketingOperations } from '../email-signup/email-signup-facade.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { giftCardsOperations } from '../gift-cards/gift-card-facade.ts';
import { outboxOperations } from '../mail/outbox-facade.ts';
import { ordersOperations, registerWithGuestOrderOperation } from '../orders/orders-facade.ts';
import { perksOperations } from '../perks/perks-facade.ts';
import { Refusal } from '../refusal.ts';
import { callSession, type CallSession } from '../session/call-session.ts';
import { contentOperations } from '../content/content-facade.ts';
import { editorOperations } from '../content/editor-facade.ts';
import { storeCardOfferOperations } from '../store-card-offer/store-card-offer-facade.ts';
import { walletOperations } from '../wallet/wallet-facade.ts';

/** The engine's resources, each implemented by its domain's facade. */
type Engine = { [R in Resource]: Implementation<CallSession, CommerceApi[R]> };

const ENGINE: Engine = {
  catalog: catalogOperations,
  bag: bagOperations,
  checkout: checkoutOperations,
  wallet: walletOperations,
  giftCards: giftCardsOperations,
  customer: { ...customerOperations, registerWithGuestOrder: registerWithGuestOrderOperation },
  lists: listsOperations,
  orders: ordersOperations,
  perks: perksOperations,
  storeCardOffer: storeCardOfferOperations,
  outbox: outboxOperations,
  content: contentOperations,
  editor: editorOperations,
  marketing: marketingOperations,
  agents: agentsOperations,
};

/** The API's technical error: what the shopper reads when the store, not their request, failed. */
export const TECHNICAL_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * A refusal, or the database out of reach, as the Problem the API answers with; undefined for anything else (a
 * fault: the embedded binding lets it go on to the endpoint, which logs it; the engine's server logs it and answers
 * PROBLEM.fault).
 */
export function problemOf(err: unknown): Problem | undefined {
  if (err instanceof Refusal) {
    return {
      status: err.status,
      message: err.message,
      ...(err.code ? { code: err.code } : {}),
      ...(err.detail !== undefined ? { detail: err.detail } : {}),
    };
  }
  if (isDatabaseUnavailable(err)) {
    return { status: 503, message: TECHNICAL_ERROR, code: PROBLEM.unavailable, detail: `the database is unavailable (${(err as Error).message})` };
  }
  return undefined;
}

type AnyOp = (call: CallSession, input?: unknown) => Promise<unknown>;

function answering(op: AnyOp) {
  return async (caller: Caller, input?: unknown): Promise<Answer<unknown>> => {
    const call = callSession(caller);
    const keep = () =>
      call.keep.session !== undefined || call.keep.device || call.keep.editor !== undefined || call.keep.agent !== undefined
        ? { keep: call.keep }
        : {};
    try {
      const value = await op(call, input);
      return { ok: true, value, ...keep() };
    } catch (err) {
      const problem = problemOf(err);
      if (!problem) throw err;
      return { ok: false, problem, ...keep() };
    }
  };
}

/**
 * The commerce API answered by the engine in this process: each operation runs its facade with the call's session
 * (src/server/session/call-session.ts) and answers its value or its refusal. The values are the engine's own objects,
 * shared with its caches (a kept priced bag): read them, never change them.
 */
export function embeddedCommerce(engine: Engine = ENGINE): CommerceApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [resource, ops] of Object.entries(engine)) {
    api[resource] = Object.fromEntries(Object.entries(ops as Record<string, AnyOp>).map(([name, op]) => [name, answering(op)]));
  }
  return api as unknown as CommerceApi;
}
