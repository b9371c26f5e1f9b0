import { expect, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * The e-mail sign-up over HTTP (checkout spec §5, §7): the footer's and the order confirmation's forms post to
 * /api/order-confirmation/emailSubscription. An address is stored once with the time and wording of consent and mailed
 * one confirmation; the field's messages are the spec's; ten sign-ups from one client address in 15 minutes, then 429.
 */
const SIGNUP = '/api/order-confirmation/emailSubscription';

/** A client of its own address, so one test's limit does not reach another's. */
const client = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test('signs an address up once, with the time and wording of consent, and mails one confirmation', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const email = unique('footer');
  const before = new Date().toISOString();
  const first = await r.post(SIGNUP, { data: { email: `  ${email.toUpperCase()} `, salesChannel: 'web', place: 'footer' } });
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({ status: 'success', body: { success: true } });
  // The confirmation page's form is the same rule: the same answer, nothing stored or mailed again.
  const again = await r.post(SIGNUP, { data: { email, salesChannel: 'web', place: 'order-confirmation' } });
  expect(await again.json()).toEqual({ status: 'success', body: { success: true } });
  const db = e2eDb();
  try {
    const rows = await db.kysely.selectFrom('email_subscriptions').selectAll().where('email', '=', email).execute();
    expect(rows).toEqual([
      {
        email,
        source: 'footer:web',
        created_at: expect.any(String),
        consent_text: 'E-mails with news and offers from Seven Brands. Unsubscribe at any time.',
      },
    ]);
    expect(rows[0]!.created_at >= before).toBe(true);
    const mail = await db.kysely.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("You're signed up for Seven Brands e-mails");
  } finally {
    await db.kysely.destroy();
  }
  await r.dispose();
});

test('an empty or invalid address is refused with the spec’s field message, never a 5xx', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const cases: [unknown, number, string][] = [
    [{ email: '' }, 400, 'Error: The email field is required'],
    [{}, 400, 'Error: The email field is required'],
    [{ email: '   ' }, 400, 'Error: The email field is required'],
    [{ email: 'ann@example' }, 400, 'Error: The email field value is invalid'],
    [{ email: 'ann example.com' }, 400, 'Error: The email field value is invalid'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 400, 'Error: The email field value is invalid'],
    [{ email: 42 }, 400, 'Error: The email field is required'],
    [{ email: 'ann@example.com', place: 'popup' }, 400, 'Choose where the sign-up was made.'],
  ];
  for (const [data, status, message] of cases) {
    const res = await r.post(SIGNUP, { data });
    expect(res.status(), JSON.stringify(data)).toBe(status);
    expect(await res.json()).toEqual({ status: 'error', message });
  }
  await r.dispose();
});

test('ten sign-ups from one client address in 15 minutes; the eleventh is refused with 429 and not stored', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  for (let i = 0; i < 10; i++) expect((await r.post(SIGNUP, { data: { email: unique(`limit${i}`), place: 'footer' } })).status()).toBe(200);
  const email = unique('eleventh');
  const refused = await r.post(SIGNUP, { data: { email, place: 'footer' } });
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ status: 'error', message: 'Too many sign-ups. Please wait a few minutes and try again.' });
  const db = e2eDb();
  try {
    expect(await db.kysely.selectFrom('email_subscriptions').select('email').where('email', '=', email).execute()).toEqual([]);
  } finally {
    await db.kysely.destroy();
  }
  await r.dispose();
});
