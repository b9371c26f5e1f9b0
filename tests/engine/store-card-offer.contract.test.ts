import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answer, Caller } from '#src/lib/commerce-api/call.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { httpCommerce } from '#src/lib/commerce-api/http-client.ts';
import { chooseStep } from '#src/lib/checkout/flash.ts';
import { confirmShippingMethod, setEmail, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { embeddedCommerce } from '#src/server/commerce-api/embedded.ts';
import type { Db } from '#src/server/db/database.ts';
import { embeddedBureau } from '#src/server/store-card-offer/embedded-bureau.ts';
import { openStoreCardAccount } from '#src/server/store-card/accounts.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { engineServer } from '../helpers/engine-server.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';

/**
 * The store card's pre-screened offer through the commerce API, on both bindings (in process and over HTTP), on the
 * test database (SQLite, or PostgreSQL with DATABASE_URL): once per session and bag, the rebuttal, each application
 * result's view, and an approval that opens the account and pays the bag with it, moving the checkout to review.
 */
const current = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock(import('#src/server/db/database.ts'), async (original) => ({
  ...(await original()),
  getDb: async () => {
    if (!current.db) throw new Error('No test database yet.');
    return current.db;
  },
}));

const SECRET = 'offer-contract-secret-0123456789abcdefghijklmnopqrstuvwxyz';
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
afterEach(() => {
  vi.restoreAllMocks();
});

let clientCount = 0;
function shopper(api: CommerceApi) {
  const caller: Caller = { session: null, client: `10.8.${Math.floor(clientCount / 250)}.${clientCount++ % 250}`, requestId: 'offer' };
  return {
    api,
    async call<T, I>(op: (call: Caller, input: I) => Promise<Answer<T>>, ...input: [I] extends [undefined] ? [] : [I]): Promise<Answer<T>> {
      const answer = await (op as (call: Caller, input?: unknown) => Promise<Answer<T>>)({ ...caller }, input[0]);
      if (answer.keep?.session !== undefined) caller.session = answer.keep.session?.token ?? null;
      return answer;
    },
  };
}

function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`refused: ${answer.problem.status} ${answer.problem.message}`);
  return answer.value;
}

/** A guest's bag at the payment step, shipped to the applicant's last name. */
async function atPayment(s: ReturnType<typeof shopper>, lastName: string) {
  const bag = value(await s.call(s.api.bag.add, { choice: { productId: 'fb-1001-blk-M', quantity: 1 } }));
  const basketId = bag.basketId as string;
  await setEmail(t.db, basketId, 'offer@example.com', false);
  await setShippingAddress(t.db, basketId, { ...TEST_ADDRESS, lastName, postalCode: '62701-4321' }, null);
  await confirmShippingMethod(t.db, basketId, 'Regular');
  return basketId;
}

const accounts = async () => (await t.db.kysely.selectFrom('store_card_accounts').select('id').execute()).length;
const apply = (offerId: string, ssnLast4: string) => ({
  offerId,
  phone: '(217) 555-0134',
  birthDate: '1988-07-14',
  ssnLast4,
  consent: true as const,
});

const bindings: [string, () => CommerceApi][] = [
  ['in process', () => embeddedCommerce()],
  ['over HTTP', () => httpCommerce({ url, secret: SECRET })],
];

describe.each(bindings)(`the store card offer %s (${PG_URL ? 'PostgreSQL' : 'SQLite'})`, (_name, make) => {
  it("pre-screens a guest's shipping address once per session and bag, and hands back the guest's pre-screen data", async () => {
    const s = shopper(make());
    await atPayment(s, 'Approved');
    const asked = vi.spyOn(embeddedBureau, 'prescreen');
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.call(s.api.storeCardOffer.prescreen, { inCheckout: true })));
    const first = value(answers[0]!);
    expect(asked).toHaveBeenCalledTimes(1);
    const again = value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }));
    expect(asked).toHaveBeenCalledTimes(1);
    const offer = again.offer ?? first.offer;
    expect(offer).toMatchObject({ creditLimitCents: 150_000, viewed: false, rebuttalEligible: false, closed: false, result: null });
    // The phone's non-digits stripped, the postal code cut to 5.
    expect(again.guestPreScreenData).toEqual({
      firstName: 'Ada',
      lastName: 'Approved',
      address1: '12 Main St',
      city: 'Springfield',
      stateCode: 'IL',
      postalCode: '62701',
      phone: '2175550134',
    });
  });

  it('makes no offer to anyone else, nor to a shopper who already holds the store card (the bureau is not asked)', async () => {
    const s = shopper(make());
    await atPayment(s, 'Lovelace');
    expect(value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }))).toEqual({ offer: null, guestPreScreenData: null });

    const holder = shopper(make());
    const email = `holder-${Math.random().toString(36).slice(2)}@example.com`;
    value(
      await holder.call(holder.api.customer.register, { email, password: 'abcd1234', firstName: 'Hal', lastName: 'Approved', keepMeSignedIn: false }),
    );
    const customer = await t.db.kysely.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await openStoreCardAccount(t.db, {
      number: `627800${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
      customerId: customer.id,
      firstName: 'Hal',
      lastName: 'Approved',
      billingPostalCode: '62701',
      creditLimitCents: 50_000,
    });
    await atPayment(holder, 'Approved');
    const asked = vi.spyOn(embeddedBureau, 'prescreen');
    expect(value(await holder.call(holder.api.storeCardOffer.prescreen, { inCheckout: true })).offer).toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });

  it('marks the offer viewed; a NO makes the rebuttal eligible, a second NO closes the offer', async () => {
    const s = shopper(make());
    await atPayment(s, 'Approved');
    value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }));
    expect(value(await s.call(s.api.storeCardOffer.respond, { event: 'viewed' }))).toMatchObject({
      viewed: true,
      rebuttalEligible: false,
      closed: false,
    });
    expect(value(await s.call(s.api.storeCardOffer.respond, { event: 'no' }))).toMatchObject({ rebuttalEligible: true, closed: false });
    expect(value(await s.call(s.api.storeCardOffer.respond, { event: 'no' }))).toMatchObject({ rebuttalEligible: false, closed: true });
    const { offer } = value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }));
    const refused = await s.call(s.api.storeCardOffer.apply, apply(offer!.id, '1000'));
    expect(refused).toMatchObject({ ok: false, problem: { status: 404, message: 'This offer is no longer available.' } });
  });

  it('opens the account on approval and pays the bag with it, moving the checkout from payment to review, once', async () => {
    const logged = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level));
    const s = shopper(make());
    await atPayment(s, 'Approved');
    const { offer } = value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }));
    const before = value(await s.call(s.api.checkout.read));
    expect(chooseStep(before._flash, { signedIn: false, hasShippingMethods: true })).toBe('payment');
    const opened = await accounts();
    const both = await Promise.all([
      s.call(s.api.storeCardOffer.apply, apply(offer!.id, '1000')),
      s.call(s.api.storeCardOffer.apply, apply(offer!.id, '1000')),
    ]);
    // Either submit may reach the engine first; the one that applied carries the result.
    const approved = both.find((one) => one.ok) ?? both[0]!;
    const twice = both.find((one) => one !== approved)!;
    const answer = value(approved);
    expect(answer).toMatchObject({
      result: 'APPROVED',
      view: 'registration',
      paysThisOrder: true,
      card: { last4: expect.stringMatching(/^\d{4}$/), availableCents: 150_000 },
    });
    expect(answer.checkout.payment).toMatchObject({ cardType: 'Private Label Credit Card', last4: answer.card!.last4 });
    expect(chooseStep(answer.checkout._flash, { signedIn: false, hasShippingMethods: true })).toBe('review');
    // The other submit waited for or read the first one's result: one application, one account.
    expect(twice.ok ? twice.value.result : twice.problem.status).toBeOneOf(['APPROVED', 409]);
    expect((await accounts()) - opened).toBe(1);
    expect(value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true })).offer).toMatchObject({ closed: true, result: 'APPROVED' });
    // Nothing of the applicant in any log line.
    const lines = JSON.stringify(logged.flatMap((spy) => spy.mock.calls));
    for (const personal of ['Approved', '12 Main St', 'Springfield', '62701', '2175550134', '555-0134', '1988', '07-14'])
      expect(lines).not.toContain(personal);
  });

  it.each([
    ['2000', 'PENDING', 'review'],
    ['3000', 'DECLINED', 'review'],
    ['4000', 'ACCOUNT_EXISTS', 'card-holder'],
    ['5000', 'ERROR', 'error'],
  ])('answers SSN last four %s with %s and the %s view, opening no account and leaving the payment step', async (ssnLast4, result, view) => {
    const s = shopper(make());
    await atPayment(s, 'Approved');
    const { offer } = value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }));
    const opened = await accounts();
    const answer = value(await s.call(s.api.storeCardOffer.apply, apply(offer!.id, ssnLast4)));
    expect(answer).toMatchObject({ result, view, card: null, paysThisOrder: false });
    expect(chooseStep(answer.checkout._flash, { signedIn: false, hasShippingMethods: true })).toBe('payment');
    expect(await accounts()).toBe(opened);
  });

  it("refuses another session's offer, and a visitor without a bag", async () => {
    const s = shopper(make());
    await atPayment(s, 'Approved');
    const { offer } = value(await s.call(s.api.storeCardOffer.prescreen, { inCheckout: true }));
    const other = shopper(make());
    await atPayment(other, 'Approved');
    expect(await other.call(other.api.storeCardOffer.apply, apply(offer!.id, '1000'))).toMatchObject({ ok: false, problem: { status: 404 } });
    const nobody = shopper(make());
    expect(await nobody.call(nobody.api.storeCardOffer.prescreen, { inCheckout: true })).toMatchObject({ ok: false, problem: { status: 409 } });
    expect(await nobody.call(nobody.api.storeCardOffer.respond, { event: 'no' })).toMatchObject({ ok: false, problem: { status: 409 } });
  });
});
