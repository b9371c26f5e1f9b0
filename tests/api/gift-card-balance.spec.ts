import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { boughtCard } from '../helpers/gift-card-http.ts';

/**
 * The gift card balance check over HTTP, on a card bought as an e-gift card: the right number and PIN answer its
 * balance and last four; an unknown number and a wrong PIN get byte-identical replies; five wrong PINs lock the card
 * whoever asks next.
 */
const BALANCE = '/api/checkout/gift_card/balance';

/** A client of its own address, so one test's limits do not reach another's. */
const client = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined): Promise<APIRequestContext> =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });

async function ok(res: import('@playwright/test').APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

const otherPin = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, '0');
const otherNumber = (number: string) => `${number.slice(0, 18)}${(Number(number[18]) + 1) % 10}`;

test('the right number and PIN answer the card’s balance and its last four', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const card = await boughtCard(r);
  const reply = await ok(await r.post(BALANCE, { data: { gitfCardNumber: card.number, giftCardPin: card.pin } }), 'balance');
  expect(reply.body).toEqual({ maskedNumber: `•••• ${card.number.slice(-4)}`, balance: 5000 });
  await r.dispose();
});

test('an unknown number and a wrong PIN get the same status and the same bytes', async ({ playwright, baseURL }) => {
  const buyer = await client(playwright, baseURL);
  const card = await boughtCard(buyer);
  const [a, b] = [await client(playwright, baseURL), await client(playwright, baseURL)];
  const wrongPin = await a.post(BALANCE, { data: { gitfCardNumber: card.number, giftCardPin: otherPin(card.pin) } });
  const unknown = await b.post(BALANCE, { data: { gitfCardNumber: otherNumber(card.number), giftCardPin: card.pin } });
  expect(wrongPin.status()).toBe(400);
  expect(unknown.status()).toBe(wrongPin.status());
  expect(await unknown.body()).toEqual(await wrongPin.body());
  expect(await wrongPin.json()).toEqual({ status: 'error', message: 'The gift card number or PIN is incorrect.' });
  for (const r of [buyer, a, b]) await r.dispose();
});

test('five wrong PINs lock the card: the right PIN from another client is then refused with 429', async ({ playwright, baseURL }) => {
  const buyer = await client(playwright, baseURL);
  const card = await boughtCard(buyer);
  for (let i = 0; i < 5; i++) {
    const guesser = await client(playwright, baseURL);
    expect((await guesser.post(BALANCE, { data: { gitfCardNumber: card.number, giftCardPin: otherPin(card.pin) } })).status()).toBe(400);
    await guesser.dispose();
  }
  const owner = await client(playwright, baseURL);
  const locked = await owner.post(BALANCE, { data: { gitfCardNumber: card.number, giftCardPin: card.pin } });
  expect(locked.status()).toBe(429);
  expect(await locked.json()).toEqual({ status: 'error', message: 'Too many incorrect gift card entries. Please try again in 15 minutes.' });
  for (const r of [buyer, owner]) await r.dispose();
});

test('a client writing its own first X-Forwarded-For entry is counted by the one the proxy appended: 20 wrong PINs, then 429', async ({
  playwright,
  baseURL,
}) => {
  // The test servers trust one proxy (TRUST_PROXY=1): the right-most entry is the one it appended.
  const appended = `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const r = await playwright.request.newContext({ baseURL });
  const unknownNumber = () => `9${Array.from({ length: 18 }, () => Math.floor(Math.random() * 10)).join('')}`;
  const guess = (i: number) =>
    r.post(BALANCE, {
      headers: { 'x-forwarded-for': `192.0.2.${i}, ${appended}` },
      data: { gitfCardNumber: unknownNumber(), giftCardPin: '1234' },
    });
  for (let i = 0; i < 20; i++) expect((await guess(i)).status(), `guess ${i + 1}`).toBe(400);
  const refused = await guess(20);
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ status: 'error', message: 'Too many incorrect gift card entries. Please try again in 15 minutes.' });
  await r.dispose();
});

test('a number or PIN the spec refuses gets the spec’s message', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const short = await r.post(BALANCE, { data: { gitfCardNumber: '600649123456789', giftCardPin: '1234' } });
  expect(short.status()).toBe(400);
  expect((await short.json()).message).toBe('Valid gift card number is required');
  const pin = await r.post(BALANCE, { data: { gitfCardNumber: '6006491234567890', giftCardPin: '12' } });
  expect((await pin.json()).message).toBe('Please enter a 4-digit pin');
  await r.dispose();
});

test('twenty wrong tries from one client address lock that client: the twenty-first is refused with 429 even when right', async ({
  playwright,
  baseURL,
}) => {
  const buyer = await client(playwright, baseURL);
  const card = await boughtCard(buyer);
  const guesser = await client(playwright, baseURL);
  // Twenty numbers, each tried once (no card's own limit of five is reached): the client's limit of twenty is.
  for (let i = 0; i < 20; i++) {
    const number = `${card.number.slice(0, 15)}${String(i).padStart(4, '0')}`;
    const guess = await guesser.post(BALANCE, {
      data: { gitfCardNumber: number === card.number ? otherNumber(number) : number, giftCardPin: '0000' },
    });
    expect(guess.status(), `try ${i + 1}`).toBe(400);
  }
  const locked = await guesser.post(BALANCE, { data: { gitfCardNumber: card.number, giftCardPin: card.pin } });
  expect(locked.status()).toBe(429);
  // The card itself is not locked: its owner, from another address, reads the balance.
  expect((await buyer.post(BALANCE, { data: { gitfCardNumber: card.number, giftCardPin: card.pin } })).status()).toBe(200);
  for (const r of [buyer, guesser]) await r.dispose();
});
