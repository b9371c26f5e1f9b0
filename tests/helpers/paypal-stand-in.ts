import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_PAYER, SANDBOX_SHIP_TO, type SandboxShipTo } from '#src/server/payments/paypal-sandbox/sandbox-buyer.ts';

/**
 * A local stand-in for PayPal's REST API, answering in its documented shapes, so the PayPal adapter (on PayPal's own
 * SDK) is tested offline: OAuth 2.0 client credentials (POST /v1/oauth2/token), Orders v2 (create, show, update the amount, authorize),
 * Payments v2 (capture and void an authorization), PayPal-Request-Id replay (the first reply, for the same request
 * again; the same id while the first is still being worked on: 409 PREVIOUS_REQUEST_IN_PROGRESS, as PayPal answers
 * simultaneous duplicates), and the error object ({ name, message, debug_id, details: [{ issue, description }] }) with PayPal's issue
 * names. The shopper's approval on PayPal's page is a test hook: approve(orderId) or, for a funding source the
 * processor refuses, approve(orderId, { declined: true }); `buyer` is who approves and where they ship, in PayPal's
 * JSON (the order's `payer`, and `purchase_units[].shipping`), which GET order returns from then on.
 */
export interface PayPalStandIn {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  approve(orderId: string, options?: { declined?: boolean; buyer?: PayPalBuyer }): void;
  /** How many captures were made (a replay makes none). */
  capturesMade(): number;
  /** How many requests were answered PREVIOUS_REQUEST_IN_PROGRESS. */
  conflictsAnswered(): number;
  close(): Promise<void>;
}

/** Orders v2's `payer` and `purchase_units[].shipping`, as PayPal's GET order returns them. */
export interface PayPalBuyer {
  payer: {
    email_address: string;
    payer_id?: string;
    name?: { given_name?: string; surname?: string };
    phone?: { phone_number: { national_number: string } };
  };
  shipping?: {
    name?: { full_name?: string };
    address: {
      address_line_1?: string;
      address_line_2?: string;
      admin_area_2?: string;
      admin_area_1?: string;
      postal_code?: string;
      country_code: string;
    };
  };
}

interface Order {
  id: string;
  intent: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  declined: boolean;
  buyer: PayPalBuyer | null;
  purchase_units: { reference_id: string; custom_id?: string; amount: { currency_code: string; value: string; breakdown?: unknown } }[];
  authorization: Authorization | null;
}
interface Authorization {
  id: string;
  status: 'CREATED' | 'CAPTURED' | 'VOIDED';
  amount: { currency_code: string; value: string };
  captureId: string | null;
}
type Reply = { status: number; body?: unknown };

const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
const newId = () => [...randomBytes(17)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
const cents = (value: string) => Math.round(Number(value) * 100);
/** How long a request carrying a request id is worked on before its reply goes out. */
const WORK_MS = 15;

const MESSAGES: Record<number, [string, string]> = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: ['AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  409: ['RESOURCE_CONFLICT', 'The server has detected a conflict while processing this request.'],
  422: ['UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.'],
};
const ISSUES: Record<string, string> = {
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_AUTHORIZED: "Order already authorized. If 'intent=AUTHORIZE' only one authorization per order is allowed.",
  AUTHORIZATION_ALREADY_CAPTURED: 'Authorization has been previously captured and hence cannot be captured again.',
  AUTHORIZATION_VOIDED: 'A voided authorization cannot be captured or reauthorized.',
  PREVIOUSLY_CAPTURED: 'Authorization has been previously captured and hence cannot be voided.',
  PREVIOUSLY_VOIDED: 'Authorization has been previously voided and hence cannot be voided again.',
  AMOUNT_MISMATCH: 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  INVALID_PATCH_OPERATION:
    'The operation cannot be honored. Cannot add a property that is already present, use replace. Cannot remove a property thats not present, use add. Cannot replace a property thats not present, use add.',
  ORDER_ALREADY_COMPLETED: 'The order cannot be patched after it is completed.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  DUPLICATE_REQUEST_ID: 'The value of PayPal-Request-Id header has already been used.',
  PREVIOUS_REQUEST_IN_PROGRESS: 'A previous request on this resource is currently in progress. Please wait for some time and try again.',
};
/** PayPal's rule: the value equals item_total + tax_total + shipping + handling + insurance - shipping_discount - discount. */
function amountAddsUp(amount: { value: string; breakdown?: unknown }): boolean {
  const b = amount.breakdown as Record<string, { value: string }> | undefined;
  if (!b) return true;
  const part = (k: string) => cents(b[k]?.value ?? '0');
  const sum =
    part('item_total') + part('tax_total') + part('shipping') + part('handling') + part('insurance') - part('shipping_discount') - part('discount');
  return sum === cents(amount.value);
}

const failure = (status: number, issue?: string): Reply => {
  const [name, message] = MESSAGES[status] ?? ['INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'];
  return {
    status,
    body: { name, message, debug_id: newId().slice(0, 13).toLowerCase(), details: issue ? [{ issue, description: ISSUES[issue] ?? issue }] : [] },
  };
};

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const clientId = 'standin-client';
  const clientSecret = 'standin-secret';
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const authorizations = new Map<string, { order: Order; auth: Authorization }>();
  const replies = new Map<string, { fingerprint: string; reply: Reply }>();
  /** Request ids whose first request is still being worked on (its reply goes out after WORK_MS). */
  const inFlight = new Set<string>();
  let captures = 0;
  let conflicts = 0;
  let baseUrl = '';

  const orderBody = (o: Order) => ({
    id: o.id,
    intent: o.intent,
    status: o.status,
    payment_source: { paypal: o.buyer ? { email_address: o.buyer.payer.email_address, name: o.buyer.payer.name } : {} },
    ...(o.buyer ? { payer: o.buyer.payer } : {}),
    purchase_units: o.purchase_units.map((u) => ({
      ...u,
      ...(o.buyer?.shipping ? { shipping: o.buyer.shipping } : {}),
      ...(o.authorization
        ? { payments: { authorizations: [{ id: o.authorization.id, status: o.authorization.status, amount: o.authorization.amount }] } }
        : {}),
    })),
    // The payer's page while the order awaits the payer (again after a declined funding source); then authorize.
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }] : []),
      ...(o.status === 'APPROVED' ? [{ href: `${baseUrl}/v2/checkout/orders/${o.id}/authorize`, rel: 'authorize', method: 'POST' }] : []),
    ],
  });

  function createOrder(body: unknown): Reply {
    const request = body as { intent?: string; purchase_units?: Order['purchase_units'] };
    const unit = request.purchase_units?.[0];
    if (request.intent !== 'AUTHORIZE' && request.intent !== 'CAPTURE') return failure(400);
    if (!unit?.amount?.value || unit.amount.currency_code !== 'USD') return failure(400);
    if (!amountAddsUp(unit.amount)) return failure(422, 'AMOUNT_MISMATCH');
    const order: Order = {
      id: newId(),
      intent: request.intent,
      status: 'PAYER_ACTION_REQUIRED',
      declined: false,
      buyer: null,
      purchase_units: [{ ...unit, reference_id: unit.reference_id ?? 'default' }],
      authorization: null,
    };
    orders.set(order.id, order);
    return { status: 200, body: orderBody(order) };
  }

  /** Orders v2 PATCH: the amount of an order still CREATED (awaiting the payer) or APPROVED is replaced. */
  function patchOrder(order: Order, body: unknown): Reply {
    const patch = Array.isArray(body) ? (body[0] as { op?: string; path?: string; value?: Order['purchase_units'][number]['amount'] }) : undefined;
    const unit = order.purchase_units[0];
    if (patch?.op !== 'replace' || patch.path !== `/purchase_units/@reference_id=='${unit?.reference_id}'/amount` || !patch.value || !unit) {
      return failure(422, 'INVALID_PATCH_OPERATION');
    }
    if (order.status === 'COMPLETED') return failure(422, 'ORDER_ALREADY_COMPLETED');
    if (!amountAddsUp(patch.value)) return failure(422, 'AMOUNT_MISMATCH');
    unit.amount = patch.value;
    return { status: 204 };
  }

  function authorizeOrder(order: Order): Reply {
    if (order.status === 'COMPLETED') return failure(422, 'ORDER_ALREADY_AUTHORIZED');
    if (order.status !== 'APPROVED') return failure(422, 'ORDER_NOT_APPROVED');
    if (order.declined) {
      // The payer must choose another funding source on PayPal's page (actions.restart()).
      order.status = 'PAYER_ACTION_REQUIRED';
      order.declined = false;
      return failure(422, 'INSTRUMENT_DECLINED');
    }
    const unit = order.purchase_units[0];
    if (!unit) return failure(422);
    const auth: Authorization = {
      id: newId(),
      status: 'CREATED',
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      captureId: null,
    };
    order.status = 'COMPLETED';
    order.authorization = auth;
    authorizations.set(auth.id, { order, auth });
    return { status: 201, body: orderBody(order) };
  }

  function capture(auth: Authorization): Reply {
    if (auth.status === 'CAPTURED') return failure(422, 'AUTHORIZATION_ALREADY_CAPTURED');
    if (auth.status === 'VOIDED') return failure(422, 'AUTHORIZATION_VOIDED');
    captures++;
    auth.status = 'CAPTURED';
    auth.captureId = newId();
    return {
      status: 201,
      body: {
        id: auth.captureId,
        status: 'COMPLETED',
        amount: auth.amount,
        final_capture: true,
        links: [{ href: `${baseUrl}/v2/payments/captures/${auth.captureId}`, rel: 'self', method: 'GET' }],
      },
    };
  }

  function voidAuthorization(auth: Authorization): Reply {
    if (auth.status === 'CAPTURED') return failure(422, 'PREVIOUSLY_CAPTURED');
    if (auth.status === 'VOIDED') return failure(422, 'PREVIOUSLY_VOIDED');
    auth.status = 'VOIDED';
    return { status: 204 };
  }

  function route(method: string, path: string, body: unknown): Reply {
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    const order = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/authorize)?$/.exec(path);
    if (order) {
      const found = orders.get(order[1] ?? '');
      if (!found) return failure(404, 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !order[2]) return { status: 200, body: orderBody(found) };
      if (method === 'PATCH' && !order[2]) return patchOrder(found, body);
      if (method === 'POST' && order[2]) return authorizeOrder(found);
    }
    const payment = /^\/v2\/payments\/authorizations\/([A-Z0-9]+)\/(capture|void)$/.exec(path);
    if (payment && method === 'POST') {
      const found = authorizations.get(payment[1] ?? '');
      if (!found) return failure(404, 'INVALID_RESOURCE_ID');
      return payment[2] === 'capture' ? capture(found.auth) : voidAuthorization(found.auth);
    }
    return failure(404);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = ({ status, body }: Reply) => {
        res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = Buffer.concat(chunks).toString('utf8');
      const auth = req.headers.authorization ?? '';
      if (url.pathname === '/v1/oauth2/token') {
        const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (req.method !== 'POST' || auth !== basic || new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
          return send({ status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } });
        }
        const token = `A21AA${newId()}${newId()}`;
        tokens.add(token);
        return send({
          status: 200,
          body: {
            scope: 'https://uri.paypal.com/services/payments/payment/authcapture',
            access_token: token,
            token_type: 'Bearer',
            app_id: 'APP-STANDIN',
            expires_in: 32400,
            nonce: newId(),
          },
        });
      }
      if (!tokens.has(auth.replace(/^Bearer /, ''))) return send(failure(401));
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        return send(failure(400));
      }
      const requestId = req.headers['paypal-request-id'];
      if (typeof requestId !== 'string' || req.method !== 'POST') return send(route(req.method ?? 'GET', url.pathname, body));
      // PayPal-Request-Id: the same request again gets the first reply; the id with another request is refused.
      const key = `${url.pathname} ${requestId}`;
      if (inFlight.has(key)) {
        conflicts++;
        return send(failure(409, 'PREVIOUS_REQUEST_IN_PROGRESS'));
      }
      const previous = replies.get(key);
      if (previous) return send(previous.fingerprint === text ? previous.reply : failure(422, 'DUPLICATE_REQUEST_ID'));
      const reply = route('POST', url.pathname, body);
      replies.set(key, { fingerprint: text, reply });
      inFlight.add(key);
      setTimeout(() => {
        inFlight.delete(key);
        send(reply);
      }, WORK_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    clientId,
    clientSecret,
    approve(orderId, options = {}) {
      const order = orders.get(orderId);
      if (order?.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`Order ${orderId} is not waiting for approval`);
      order.status = 'APPROVED';
      order.declined = options.declined ?? false;
      order.buyer = options.buyer ?? null;
    },
    capturesMade: () => captures,
    conflictsAnswered: () => conflicts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sandbox's test buyer as PayPal's GET order returns a payer and a purchase unit's shipping. */
export function inPayPalShapes(shipTo: SandboxShipTo): PayPalBuyer {
  const to = SANDBOX_SHIP_TO[shipTo];
  return {
    payer: {
      email_address: SANDBOX_PAYER.email,
      payer_id: 'QYR5Z8XDVJNXQ',
      name: { given_name: SANDBOX_PAYER.firstName, surname: SANDBOX_PAYER.lastName },
      phone: { phone_number: { national_number: SANDBOX_PAYER.phone } },
    },
    shipping: {
      name: { full_name: to.fullName },
      address: {
        address_line_1: to.address1,
        ...(to.address2 ? { address_line_2: to.address2 } : {}),
        admin_area_2: to.city,
        admin_area_1: to.state,
        postal_code: to.postalCode,
        country_code: to.countryCode,
      },
    },
  };
}
