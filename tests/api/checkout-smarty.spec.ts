import { type APIRequestContext, expect, test } from '@playwright/test';

/** POST /api/checkout/smarty on the embedded address service (the test servers' default). */
const lookUp = (request: APIRequestContext, data: unknown) =>
  request.post('/api/checkout/smarty', { data, headers: { 'content-type': 'application/json' } });

const entered = { address1: '224 W 35th St', address2: '', city: 'New York', stateCode: 'ny', postalCode: '10001' };

test('suggestions as the shopper types: city, state and ZIP completed', async ({ request }) => {
  const r = await lookUp(request, { address: '12 Main St, New Yo' });
  expect(r.status()).toBe(200);
  const { status, body } = await r.json();
  expect(status).toBe('success');
  expect(body.suggestions[0]).toEqual({ streetLine: '12 Main St', secondary: '', city: 'New York', stateCode: 'NY', zipcode: '10001', entries: 0 });
  expect(body.verification).toBeUndefined();
  const byZip = (await (await lookUp(request, { address: '1000' })).json()).body.suggestions;
  expect(byZip.length).toBeGreaterThan(0);
  for (const s of byZip) expect(s.zipcode).toMatch(/^1000\d$/);
});

test("a street typed alone is completed with the form's ZIP code or city; with neither, nothing and a hint that says what to add", async ({
  request,
}) => {
  const body = async (data: unknown) => (await (await lookUp(request, data)).json()).body;
  expect((await body({ address: '123 Main', near: { postalCode: '62701' } })).suggestions).toEqual([
    { streetLine: '123 Main', secondary: '', city: 'Springfield', stateCode: 'IL', zipcode: '62701', entries: 0 },
  ]);
  const byCity = await body({ address: '123 Main', near: { city: 'Springfield', stateCode: 'il' } });
  expect(byCity.suggestions.length).toBeGreaterThan(1);
  for (const s of byCity.suggestions) expect(s).toMatchObject({ streetLine: '123 Main', city: 'Springfield', stateCode: 'IL' });
  expect(byCity.hint).toBeUndefined();
  expect(await body({ address: '123 Main' })).toEqual({
    suggestions: [],
    hint: 'Add a comma and your city or ZIP code (123 Main St, Portland) to see suggestions.',
  });
  // A place that finds nothing is not a street alone: no hint.
  expect(await body({ address: 'Qqxzzyq' })).toEqual({ suggestions: [] });
});

test('fewer than 3 characters asks nothing', async ({ request }) => {
  expect((await (await lookUp(request, { address: ' Ne ' })).json()).body).toEqual({ suggestions: [] });
});

test('checkAddress answers the verification: the embedded service cannot verify a street', async ({ request }) => {
  const r = await lookUp(request, { address: entered, checkAddress: true });
  expect(r.status()).toBe(200);
  expect((await r.json()).body).toEqual({ suggestions: [], verification: { status: 'unverifiable', reason: 'unsupported' } });
});

test('bad input is refused with a readable message', async ({ request }) => {
  const refused = async (data: unknown, status: number, message: RegExp) => {
    const r = await lookUp(request, data);
    expect(r.status(), JSON.stringify(data)).toBe(status);
    const reply = await r.json();
    expect(reply.status).toBe('error');
    expect(reply.message).toMatch(message);
  };
  await refused({}, 400, /Address is required/);
  await refused({ address: 'x'.repeat(101) }, 400, /at most 100/);
  await refused({ address: 42 }, 400, /Address is required/);
  await refused({ address: 'New Yo', selected: 'x'.repeat(201) }, 400, /at most 200/);
  await refused({ address: 'New Yo', checkAddress: 'yes' }, 400, /checkAddress must be true or false/);
  await refused({ address: 'New Yo', checkAddress: true }, 400, /as an object/);
  await refused({ address: '123 Main', near: 'Springfield' }, 400, /near must be an object/);
  await refused({ address: '123 Main', near: { postalCode: '11111' } }, 400, /valid ZIP code/);
  await refused({ address: { ...entered, postalCode: '11111' }, checkAddress: true }, 400, /valid ZIP code/);
  await refused({ address: { ...entered, stateCode: 'ZZ' }, checkAddress: true }, 400, /valid state/);
  const notJson = await request.post('/api/checkout/smarty', { data: 'address=New', headers: { 'content-type': 'text/plain' } });
  expect(notJson.status()).toBe(415);
});

test('look-ups are limited per client: 120 a minute, then 429 with a message', async ({ request }) => {
  // The test servers trust X-Forwarded-For, so this client has a counter of its own.
  const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}-${Date.now()}`;
  const ask = () =>
    request.post('/api/checkout/smarty', {
      data: { address: 'Springf' },
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    });
  for (let i = 0; i < 120; i++) expect((await ask()).status(), `look-up ${i + 1}`).toBe(200);
  const limited = await ask();
  expect(limited.status()).toBe(429);
  expect((await limited.json()).message).toBe('Too many address look-ups. Please wait a minute and try again.');
});
