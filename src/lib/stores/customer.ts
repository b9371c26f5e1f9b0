import { atom } from 'nanostores';
import * as v from 'valibot';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import { MeReply } from '../api/replies/me.ts';

/**
 * The visitor as the header sees them. Pages are static and render the signed-out header; after hydration
 * `loadCustomer` asks GET /api/global/me (reply schema MeReply, docs/decisions.md header section) and the header
 * switches to the signed-in state. The reply is checked here in production too: a malformed one counts as signed
 * out rather than breaking the header on every page.
 */
export type Customer = v.InferOutput<typeof MeReply>;

export const SIGNED_OUT: Customer = { authenticated: false, firstName: null, email: null, rewards: null, isPLCCHolder: 'N' };
export const $customer = atom<Customer>(SIGNED_OUT);

let loading: Promise<void> | undefined;

export function loadCustomer(): Promise<void> {
  loading ??= callApi(API.me).then((r) => {
    if (!r.ok) return;
    const parsed = v.safeParse(MeReply, r.body);
    if (parsed.success) $customer.set(parsed.output);
    else console.error('[header] /api/global/me reply is not valid', parsed.issues[0]?.message);
  });
  return loading;
}

/** Asks again who the visitor is (signed in inside a modal, without leaving the page). */
export function reloadCustomer(): Promise<void> {
  loading = undefined;
  return loadCustomer();
}
