import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../../config.ts';
import { getDb, type Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import { readCappedBody } from '../../http/capped-body.ts';
import { centsToValue } from '../web-payment-amounts.ts';
import { decideOnSandboxOrder } from './sandbox-web-payment.ts';
import { SANDBOX_PAYER, SANDBOX_SHIP_TO_LABELS, type SandboxShipTo } from './sandbox-buyer.ts';

/**
 * The embedded PayPal sandbox's approval page, served on its own path in front of the store (as the sandbox card
 * gateway's token endpoint is): GET shows the order's amount, the test buyer it pays as, the buyer's addresses to ship
 * to and three choices; POST records the choice and sends the shopper back to the store's return or cancel URL, as
 * PayPal's page does. The choices are the sandbox's test values (README, "Configuration"): Approve (the buyer's PayPal
 * balance), Pay with a declined card (authorize then answers INSTRUMENT_DECLINED and the shopper chooses again on this
 * page), Cancel (authorize answers ORDER_NOT_APPROVED).
 */
export const SANDBOX_PAYPAL_PATH = '/sandbox-paypal';
const APPROVAL_PATH = `${SANDBOX_PAYPAL_PATH}/checkoutnow`;
const MAX_BODY_BYTES = 1024;
const CHOICES = ['approve', 'decline', 'cancel'] as const;
const ORDER_ID = /^[A-Z0-9]{17}$/;
const SHIP_TO = Object.keys(SANDBOX_SHIP_TO_LABELS) as SandboxShipTo[];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>button{min-height:44px;margin:0 8px 8px 0}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

/** The approval page's form post, or null past the cap. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const text = await readCappedBody(req, MAX_BODY_BYTES);
  return text === null ? null : new URLSearchParams(text);
}

/** The order the page is about: its amount, and whether it still awaits approval. Compiled once (db/prepared.ts). */
const awaitingApproval = prepared((tx: Tx, orderId: string) =>
  tx.selectFrom('paypal_sandbox_orders').select(['amount_cents', 'status']).where('id', '=', orderId),
);

async function handle(req: IncomingMessage, res: ServerResponse, database: () => Promise<Db>) {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const token = url.searchParams.get('token') ?? '';
  const db = await database();
  const order = ORDER_ID.test(token) ? (await awaitingApproval(db.kysely, token))[0] : undefined;
  if (!order || order.status === 'COMPLETED') {
    return page(res, 404, 'PayPal sandbox', '<p>This payment is not waiting for approval.</p>');
  }
  if (req.method === 'GET') {
    const buttons = [
      ['approve', 'Approve and pay'],
      ['decline', 'Pay with a declined card'],
      ['cancel', 'Cancel and return to the store'],
    ]
      .map(([value, label]) => `<button type="submit" name="choice" value="${value}">${label}</button>`)
      .join('\n');
    const addresses = SHIP_TO.map(
      (key, i) =>
        `<p><label><input type="radio" name="shipTo" value="${key}"${i === 0 ? ' checked' : ''}> ${escapeHtml(SANDBOX_SHIP_TO_LABELS[key])}</label></p>`,
    ).join('\n');
    const payer = `${SANDBOX_PAYER.firstName} ${SANDBOX_PAYER.lastName} (${SANDBOX_PAYER.email})`;
    return page(
      res,
      200,
      'PayPal sandbox',
      `<p>Pay $${centsToValue(order.amount_cents)} USD with PayPal (sandbox: no money moves). The store shows its final total, with the tax for the address you ship to, before it places your order.</p>
<p>Paying as ${escapeHtml(payer)}</p>
<form method="post" action="${APPROVAL_PATH}?token=${token}"><fieldset><legend>Ship to</legend>${addresses}</fieldset>${buttons}</form>`,
    );
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }
  // A choice is the shopper's own, made on this page: a form posted from another site is refused.
  if (req.headers['sec-fetch-site'] === 'cross-site') return page(res, 403, 'PayPal sandbox', '<p>Choose on this page.</p>');
  const form = await readForm(req);
  const choice = CHOICES.find((c) => c === form?.get('choice'));
  if (!choice) return page(res, 400, 'PayPal sandbox', '<p>Choose Approve, a declined card or Cancel.</p>');
  const shipTo = SHIP_TO.find((k) => k === (form?.get('shipTo') ?? 'home'));
  if (!shipTo) return page(res, 400, 'PayPal sandbox', '<p>Choose one of the addresses to ship to.</p>');
  const location = await decideOnSandboxOrder(db, token, choice, shipTo);
  if (!location) return page(res, 404, 'PayPal sandbox', '<p>This payment is not waiting for approval.</p>');
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}

/** Returns false for a request that is not the sandbox's, so the caller passes it on. Off unless WEB_PAYMENT=embedded. */
export function sandboxPaypalMount(
  database: () => Promise<Db> = getDb,
  enabled = config().WEB_PAYMENT === 'embedded',
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!enabled || !(path === SANDBOX_PAYPAL_PATH || path.startsWith(`${SANDBOX_PAYPAL_PATH}/`))) return false;
    if (path !== APPROVAL_PATH) {
      page(res, 404, 'PayPal sandbox', '<p>Not found.</p>');
      return true;
    }
    handle(req, res, database).catch((err: unknown) => {
      console.error('[sandbox-paypal]', err instanceof Error ? err.name : 'error');
      if (!res.headersSent) page(res, 500, 'PayPal sandbox', '<p>Something went wrong.</p>');
    });
    return true;
  };
}
