import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answer, Caller } from '#src/lib/commerce-api/call.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { httpCommerce } from '#src/lib/commerce-api/http-client.ts';
import { OPERATIONS } from '#src/lib/commerce-api/operations.ts';
import { confirmShippingMethod, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { embeddedCommerce } from '#src/server/commerce-api/embedded.ts';
import { setEditorPassword, upsertEditor } from '#src/server/content/editor-accounts.ts';
import type { Db } from '#src/server/db/database.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { recordingEvents } from '#src/server/support-agents/call-recorder.ts';
import { addAgent } from '#src/server/support-agents/support-agents.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { engineServer } from '../helpers/engine-server.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';
import { sandboxToken } from '../helpers/ready-bag.ts';

/**
 * The commerce API's contract, run against both bindings: the engine in this process, and a client of the engine's
 * server over HTTP (src/lib/commerce-api/http-client.ts → src/server/commerce-api/http-server.ts on 127.0.0.1). The
 * same calls must answer the same way: values, refusals as values, what the caller must keep. Both reach one test
 * database (getDb below).
 */
const current = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock(import('#src/server/db/database.ts'), async (original) => ({
  ...(await original()),
  getDb: async () => {
    if (!current.db) throw new Error('No test database yet.');
    return current.db;
  },
}));

const SECRET = 'contract-secret-0123456789abcdefghijklmnopqrstuvwxyz';
let t: TestDb;
let engine: Awaited<ReturnType<typeof engineServer>>;
let url: string;

beforeAll(async () => {
  t = await freshDb();
  current.db = t.db;
  engine = await engineServer(SECRET);
  url = engine.url;
});
afterAll(async () => {
  await engine.close();
  await t.cleanup();
});

const bindings: [string, () => CommerceApi][] = [
  ['in process', () => embeddedCommerce()],
  ['over HTTP', () => httpCommerce({ url, secret: SECRET })],
];

let clientCount = 0;
/** A shopper: a client address of its own (the API counts some calls per address) and the session its answers give it. */
function shopper(api: CommerceApi) {
  const caller: Caller = { session: null, client: `10.9.${Math.floor(clientCount / 250)}.${clientCount++ % 250}`, requestId: 'contract' };
  return {
    caller,
    /** Calls an operation as this shopper and keeps the session it is given, as the web layer's cookies would. */
    async call<T, I>(op: (call: Caller, input: I) => Promise<Answer<T>>, ...input: [I] extends [undefined] ? [] : [I]): Promise<Answer<T>> {
      const answer = await (op as (call: Caller, input?: unknown) => Promise<Answer<T>>)({ ...caller }, input[0]);
      if (answer.keep?.session !== undefined) caller.session = answer.keep.session?.token ?? null;
      if (answer.keep?.device) caller.device = answer.keep.device.token;
      return answer;
    },
    api,
  };
}

function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`refused: ${answer.problem.status} ${answer.problem.message}`);
  return answer.value;
}

/** The shopper's bag filled in for placing: e-mail, address, method and a sandbox card (the checkout's own steps). */
async function readyForPlacement(basketId: string) {
  const db = t.db;
  await setEmail(db, basketId, 'contract@example.com', false);
  await setShippingAddress(db, basketId, TEST_ADDRESS, null);
  await confirmShippingMethod(db, basketId, 'Regular');
  await setPayment(db, basketId, {
    card: await cardFromGateway(sandboxGateway({ database: async () => db, timeoutMs: 2000 }), await sandboxToken(db, '4242424242424242'), null),
    savedCardId: null,
    billingSame: true,
    billingAddress: null,
    customerId: null,
  });
}

describe.each(bindings)(`the commerce API %s (${PG_URL ? 'PostgreSQL' : 'SQLite'})`, (_name, make) => {
  it('answers a visitor without a session from a draft: an empty bag, nothing to keep', async () => {
    const s = shopper(make());
    const answer = await s.call(s.api.bag.read);
    expect(answer).toMatchObject({ ok: true, value: { basketId: null, lines: [] } });
    expect(answer.keep).toBeUndefined();
    expect(value(await s.call(s.api.customer.visitor)).signedIn).toBe(false);
  });

  it('makes the session on the first add and hands its token back; the next call with it finds the same bag', async () => {
    const s = shopper(make());
    const added = await s.call(s.api.bag.add, { choice: { productId: 'fb-1001-blk-M', quantity: 2 } });
    expect(added.keep?.session).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), maxAge: expect.any(Number) });
    const bag = value(added);
    expect(bag.lines).toHaveLength(1);
    const read = value(await s.call(s.api.bag.read));
    expect(read.basketId).toBe(bag.basketId);
    expect(read.lines[0]?.quantity).toBe(2);
    // Another visitor's token is not this one: a stranger reads an empty bag.
    expect(value(await shopper(make()).call(s.api.bag.read)).basketId).toBeNull();
  });

  it('answers plain data: what crosses as JSON is the value itself', async () => {
    const s = shopper(make());
    await s.call(s.api.bag.add, { choice: { productId: 'ww-2001-ivr-M', quantity: 1 } });
    for (const answer of [
      await s.call(s.api.bag.read),
      await s.call(s.api.checkout.read),
      await s.call(s.api.catalog.productPage, { slug: 'ca-7001' }),
    ]) {
      expect(JSON.parse(JSON.stringify(answer))).toStrictEqual(answer);
    }
  });

  it('answers a refusal as a value with its status and message, never as an exception', async () => {
    const s = shopper(make());
    const noBag = await s.call(s.api.bag.removeLine, { itemId: 'nothing' });
    expect(noBag).toMatchObject({ ok: false, problem: { status: 404, message: expect.any(String) } });
    const guestWishlist = await s.call(s.api.lists.wishlist);
    expect(guestWishlist).toMatchObject({ ok: false, problem: { status: 401, message: 'Please sign in to use your wishlist.' } });
  });

  it('signs in with a new session and a device token, and signs out by dropping the session', async () => {
    const s = shopper(make());
    const email = `contract-${Math.random().toString(36).slice(2)}@example.com`;
    const registered = await s.call(s.api.customer.register, {
      email,
      password: 'abcd1234',
      firstName: 'Con',
      lastName: 'Tract',
      keepMeSignedIn: false,
    });
    expect(registered.keep?.session).toMatchObject({ maxAge: null });
    expect(registered.keep?.device?.token).toMatch(/\./);
    expect(value(await s.call(s.api.customer.me))).toMatchObject({ authenticated: true, email });
    const out = await s.call(s.api.customer.signOut);
    expect(out).toMatchObject({ ok: true, keep: { session: null } });
    expect(value(await s.call(s.api.customer.me)).authenticated).toBe(false);
    // The wrong password is the account's refusal, the same on both sides.
    const wrong = await s.call(s.api.customer.signIn, { email, password: 'wrong1234', keepMeSignedIn: false });
    expect(wrong).toMatchObject({ ok: false, problem: { status: 401 } });
  });

  it('places an order once for one key, however many times it is sent at once', async () => {
    const s = shopper(make());
    const bag = value(await s.call(s.api.bag.add, { choice: { productId: 'fb-1001-blk-M', quantity: 1 } }));
    await readyForPlacement(bag.basketId!);
    const total = value(await s.call(s.api.checkout.read)).basket.orderTotal;
    const authorizations = async () => (await t.db.kysely.selectFrom('payment_sandbox_authorizations').select('id').execute()).length;
    const before = await authorizations();
    const place = () =>
      s.call(s.api.checkout.placeOrder, { idempotencyKey: 'contract-key-0001-abcdef', order: { orderTotal: total }, requirePayment: true });
    const replies = await Promise.all(Array.from({ length: 50 }, place));
    const values = replies.map(value);
    const confirmed = values.filter((r) => r.result.confirmationStatus === 'confirmed');
    expect(confirmed.length).toBeGreaterThan(0);
    expect(new Set(confirmed.map((r) => r.result.orderNo)).size).toBe(1);
    const orderNo = confirmed[0]!.result.orderNo!;
    expect(await t.db.kysely.selectFrom('orders').select('order_no').where('order_no', '=', orderNo).execute()).toHaveLength(1);
    expect((await authorizations()) - before, 'card authorizations made').toBe(1);
    // A retry after the fact replays the first reply exactly.
    const again = value(await place());
    expect(again.replayed).toBe(true);
    expect(again.result).toStrictEqual(confirmed[0]!.result);
  });

  it('signs an editor in with a token of its own, which the editor calls take and the shopper’s session never is', async () => {
    const api = make();
    const editor = await upsertEditor(t.db, `contract.editor.${++clientCount}@example.com`, 'editor');
    await setEditorPassword(t.db, editor.id, 'abcd1234');
    const caller: Caller = { session: null, client: `10.10.0.${clientCount}`, requestId: 'contract' };
    const signedIn = await api.editor.signIn(caller, { email: editor.email, password: 'abcd1234' });
    expect(signedIn).toMatchObject({ ok: true, value: { email: editor.email, role: 'editor' } });
    expect(signedIn.keep?.session).toBeUndefined();
    const token = signedIn.keep?.editor?.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value(await api.editor.me({ ...caller, editor: token }))).toEqual({ email: editor.email, role: 'editor' });
    expect(await api.editor.documents({ ...caller, session: token ?? null })).toMatchObject({ ok: false, problem: { status: 401 } });
    const header = value(await api.content.header(caller));
    expect(header.megaMenu.entries.length).toBeGreaterThan(0);
    expect(value(await api.content.stamp(caller))).toMatch(/^c\d+$/);
    expect(value(await api.editor.signOut({ ...caller, editor: token }))).toBeNull();
    expect(value(await api.editor.me({ ...caller, editor: token }))).toBeNull();
  });

  it('signs an e-mail up once, with the time and wording of consent, and mails the confirmation once', async () => {
    const s = shopper(make());
    const email = `signup-${Math.random().toString(36).slice(2)}@example.com`;
    const before = new Date().toISOString();
    expect(value(await s.call(s.api.marketing.subscribe, { email, place: 'footer', salesChannel: 'web' }))).toEqual({ stored: true });
    expect(value(await s.call(s.api.marketing.subscribe, { email, place: 'order-confirmation', salesChannel: 'web' }))).toEqual({ stored: false });
    const rows = await t.db.kysely.selectFrom('email_subscriptions').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'footer:web', consent_text: expect.stringContaining('Unsubscribe at any time') });
    expect(rows[0]!.created_at >= before).toBe(true);
    const mails = await t.db.kysely.selectFrom('outbox').select('subject').where('to_address', '=', email).execute();
    expect(mails).toEqual([{ subject: "You're signed up for Seven Brands e-mails" }]);
  });

  it('signs a support agent in apart from shoppers: their own token, which no shopper’s session reaches', async () => {
    const email = `agent-${Math.random().toString(36).slice(2)}@example.com`;
    const agentId = await addAgent(t.db, { email, password: 'agent-pass-1', name: 'Sam Agent' });
    const s = shopper(make());
    // A shopper's own session (a bag) is no agent's.
    await s.call(s.api.bag.add, { choice: { productId: 'fb-1001-blk-M', quantity: 1 } });
    expect(value(await s.call(s.api.agents.current))).toBeNull();
    expect(await s.call(s.api.agents.recording, { action: 'mute' })).toMatchObject({
      ok: false,
      problem: { status: 401, message: 'Please sign in as a support agent.' },
    });
    // The shopper's session token presented as an agent's names no agent.
    expect(value(await s.api.agents.current({ ...s.caller, agent: s.caller.session! }))).toBeNull();
    const wrong = await s.call(s.api.agents.signIn, { email, password: 'wrong-pass-1', extension: '4321' });
    expect(wrong).toMatchObject({ ok: false, problem: { status: 401, message: 'The e-mail or password is incorrect.' } });

    const signedIn = await s.call(s.api.agents.signIn, { email, password: 'agent-pass-1', extension: '4321' });
    expect(value(signedIn)).toEqual({ name: 'Sam Agent', extension: '4321' });
    const token = signedIn.keep?.agent?.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn.keep?.session).toBeUndefined();
    const agent = { ...s.caller, agent: token };
    expect(value(await s.api.agents.current(agent))).toEqual({ name: 'Sam Agent', extension: '4321' });
    // The agent's token is no shopper's session: as a session it names no one.
    expect(value(await s.api.customer.visitor({ ...s.caller, session: token! })).signedIn).toBe(false);
    expect(value(await s.api.agents.recording(agent, { action: 'mute', extension: '4321' }))).toEqual({ action: 'mute', extension: '4321' });
    expect(await s.api.agents.recording(agent, { action: 'unmute', extension: '9999' })).toMatchObject({ ok: false, problem: { status: 403 } });
    expect(value(await s.api.agents.recording(agent, { action: 'unmute' }))).toEqual({ action: 'unmute', extension: '4321' });
    expect(await recordingEvents(t.db, agentId)).toEqual([
      { action: 'mute', extension: '4321' },
      { action: 'unmute', extension: '4321' },
    ]);
    const out = await s.api.agents.signOut(agent);
    expect(out).toMatchObject({ ok: true, keep: { agent: null } });
    expect(value(await s.api.agents.current(agent))).toBeNull();
    expect(await s.api.agents.recording(agent, { action: 'mute' })).toMatchObject({ ok: false, problem: { status: 401 } });
  });

  it('refuses the eleventh sign-up from one client address within 15 minutes with a 429', async () => {
    const s = shopper(make());
    for (let i = 0; i < 10; i++) {
      const email = `limit-${i}-${Math.random().toString(36).slice(2)}@example.com`;
      expect((await s.call(s.api.marketing.subscribe, { email, place: 'footer', salesChannel: 'web' })).ok).toBe(true);
    }
    const refused = await s.call(s.api.marketing.subscribe, { email: 'one-more@example.com', place: 'footer', salesChannel: 'web' });
    expect(refused).toMatchObject({ ok: false, problem: { status: 429, message: 'Too many sign-ups. Please wait a few minutes and try again.' } });
    expect(await t.db.kysely.selectFrom('email_subscriptions').select('email').where('email', '=', 'one-more@example.com').execute()).toEqual([]);
  });
});

describe('the engine’s server', () => {
  const post = (path: string, body: unknown, authorization?: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
  const envelope = { caller: { session: null, client: '10.0.0.1', requestId: 'r' } };

  it('answers nobody without the secret: 401 and nothing more, and the client says the engine is unavailable', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${SECRET}x`, SECRET]) {
      const reply = await post('/_commerce/v1/bag/read', envelope, authorization);
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual({ message: 'Unauthorized.' });
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await httpCommerce({ url, secret: 'not-the-secret-0123456789abcdefghijkl' }).bag.read(envelope.caller);
    expect(answer).toMatchObject({ ok: false, problem: { status: 503, code: 'unauthorized' } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('COMMERCE_API_SECRET'));
    logged.mockRestore();
  });

  it('checks every input with its operation’s schema before the engine sees it', async () => {
    const auth = `Bearer ${SECRET}`;
    const bad = await post('/_commerce/v1/bag/add', { ...envelope, input: { choice: { productId: 42 } } }, auth);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, problem: { status: 400 } });
    expect((await post('/_commerce/v1/bag/read', { caller: { client: 'x' } }, auth)).status).toBe(400);
    expect((await post('/_commerce/v1/bag/nothing', envelope, auth)).status).toBe(404);
    expect((await post('/_commerce/v1/constructor/name', envelope, auth)).status).toBe(404);
    expect((await post('/_commerce/v2/bag/read', envelope, auth)).status).toBe(404);
  });

  it('routes every operation the interface names, and the client refuses to send what its schema does not take', async () => {
    const auth = `Bearer ${SECRET}`;
    for (const [resource, ops] of Object.entries(OPERATIONS)) {
      for (const operation of Object.keys(ops)) {
        const reply = await post(`/_commerce/v1/${resource}/${operation}`, { caller: { client: 'x' } }, auth);
        expect(reply.status, `${resource}.${operation}`).toBe(400);
      }
    }
    await expect(httpCommerce({ url, secret: SECRET }).bag.add(envelope.caller, { choice: { productId: 7 } } as never)).rejects.toThrow(/schema/);
  });

  it('answers an engine out of reach as a 503 problem on the client, never as a thrown error', async () => {
    const answer = await httpCommerce({ url: 'http://127.0.0.1:9', secret: SECRET }).bag.read(envelope.caller);
    expect(answer).toMatchObject({ ok: false, problem: { status: 503, code: 'unavailable' } });
  });

  it('answers an engine that does not answer as unavailable once its time-out passes, never hanging', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    try {
      const hung = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const answer = await httpCommerce({ url: hung, secret: SECRET, timeoutMs: 200 }).bag.read(envelope.caller);
      expect(answer).toMatchObject({ ok: false, problem: { status: 503, code: 'unavailable' } });
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });

  it('gives each call only what is left of its request’s time: calls after the deadline are not sent, one before it waits no longer', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    try {
      const hung = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const api = httpCommerce({ url: hung, secret: SECRET, fetch: counting, timeoutMs: 60_000 });
      // Without its deadline this call would wait the client's minute, and the test fails at its own limit.
      const soon = await api.bag.read({ ...envelope.caller, deadline: Date.now() + 200 });
      expect(soon).toMatchObject({ ok: false, problem: { status: 503, code: 'unavailable' } });
      const late = await api.bag.read({ ...envelope.caller, deadline: Date.now() - 1 });
      expect(late).toMatchObject({ ok: false, problem: { status: 503, code: 'unavailable' } });
      expect(sent).toHaveLength(1);
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  }, 5_000);
});
