import { expect, type APIResponse, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { recordingEvents } from '#src/server/support-agents/call-recorder.ts';
import { addAgent } from '#src/server/support-agents/support-agents.ts';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * Support-agent mode over HTTP (checkout spec §6, product spec §7 sfcc/write): an agent signs in with their own cookie;
 * sfcc/write mutes and unmutes the recording for them only; a shopper, signed in or not, or a shopper's cookie put
 * where the agent's goes, is refused with 401; bad input is a 400 with a message.
 */
const client = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.80.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
const WRITE = '/api/global/sfcc/write';
const mute = { controller: true, controllerName: 'CallRecording-Mute', params: { extension: '2468' } };
const unmute = { controller: true, controllerName: 'CallRecording-Unmute', params: { extension: '2468' } };
const setCookies = (res: APIResponse) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);

async function newAgent() {
  const email = `agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const db = e2eDb();
  try {
    return { email, id: await addAgent(db, { email, password: 'agent-pass-1', name: 'Robin Agent' }) };
  } finally {
    await db.kysely.destroy();
  }
}

async function events(agentId: string) {
  const db = e2eDb();
  try {
    return await recordingEvents(db, agentId);
  } finally {
    await db.kysely.destroy();
  }
}

test('an agent signs in with their own HttpOnly cookie and mutes and unmutes their call’s recording', async ({ playwright, baseURL }) => {
  const agent = await newAgent();
  const r = await client(playwright, baseURL);
  const signIn = await r.post('/api/agent/login', { data: { email: agent.email, password: 'agent-pass-1', extension: '2468' } });
  expect(signIn.status()).toBe(200);
  expect(await signIn.json()).toEqual({ status: 'success', body: { name: 'Robin Agent', extension: '2468' } });
  const cookies = setCookies(signIn);
  expect(cookies.find((c) => c.startsWith('agent='))).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/);
  expect(cookies.some((c) => c.startsWith('sid='))).toBe(false);

  for (const data of [mute, unmute]) expect((await r.post(WRITE, { data })).status()).toBe(200);
  expect(await events(agent.id)).toEqual([
    { action: 'mute', extension: '2468' },
    { action: 'unmute', extension: '2468' },
  ]);
  const other = await r.post(WRITE, { data: { ...mute, params: { extension: '1357' } } });
  expect(other.status()).toBe(403);
  expect(await other.json()).toEqual({ status: 'error', message: 'That is not the extension you signed in with.' });

  expect((await r.post('/api/agent/logout')).status()).toBe(200);
  expect((await r.post(WRITE, { data: mute })).status()).toBe(401);
  await r.dispose();
});

test('a shopper, signed in or not, and a shopper’s session cookie where the agent’s goes, are refused with 401', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const anonymous = await r.post(WRITE, { data: mute });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ status: 'error', message: 'Please sign in as a support agent.' });

  const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await r.post('/api/global/register', {
    data: { email, password: 'shop-pass-1', confirmPassword: 'shop-pass-1', firstName: 'Sam', lastName: 'Shopper' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  expect((await r.post(WRITE, { data: mute })).status()).toBe(401);
  // The same e-mail and password are no agent's: a shopper's account cannot sign in as one.
  expect((await r.post('/api/agent/login', { data: { email, password: 'shop-pass-1', extension: '2468' } })).status()).toBe(401);
  const sid = (await r.storageState()).cookies.find((c) => c.name === 'sid')?.value;
  expect(sid).toBeTruthy();
  const forged = await r.post(WRITE, { data: mute, headers: { cookie: `agent=${sid}` } });
  expect(forged.status()).toBe(401);
  await r.dispose();
});

test('bad input to sfcc/write and the agent sign-in is a 400 with a message, never a 5xx', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const cases: [string, unknown, string][] = [
    [WRITE, { controllerName: 'SizeGuide-Show' }, 'controllerName is CallRecording-Mute or CallRecording-Unmute.'],
    [WRITE, { ...mute, params: { extension: 'abc' } }, 'Enter your phone extension: 2 to 8 digits.'],
    [WRITE, { ...mute, body: 'x'.repeat(1025) }, expect.any(String) as unknown as string],
    ['/api/agent/login', { email: 'a@example.com', password: 'x', extension: '1' }, 'Enter your phone extension: 2 to 8 digits.'],
    ['/api/agent/login', { email: '', password: 'x', extension: '12' }, 'Enter your e-mail.'],
  ];
  for (const [path, data, message] of cases) {
    const res = await r.post(path, { data });
    expect(res.status(), `${path} ${JSON.stringify(data).slice(0, 80)}`).toBe(400);
    expect(await res.json()).toEqual({ status: 'error', message });
  }
  await r.dispose();
});
