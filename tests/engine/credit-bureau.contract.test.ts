import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Application, ApplicationResult, GuestPreScreenData } from '#src/lib/store-card-offer/offer-rules.ts';
import { parseConfig } from '#src/server/config.ts';
import { breadBureau } from '#src/server/store-card-offer/bread-bureau.ts';
import type { CreditBureau } from '#src/server/store-card-offer/credit-bureau.ts';
import { createCreditBureau } from '#src/server/store-card-offer/credit-bureaus.ts';
import { embeddedBureau } from '#src/server/store-card-offer/embedded-bureau.ts';
import { type BreadStandIn, startBreadStandIn } from '../helpers/bread-stand-in.ts';

/**
 * One contract, two bureaus: the embedded default and the Bread adapter against a local stand-in answering in the
 * adapter's documented shapes. The same test identities give the same answers through both. Then what only the
 * adapter does: what it sends, and how it fails (never with the applicant in its log).
 */
let standIn: BreadStandIn;
const log = vi.fn<(line: string) => void>();
const bread = () => breadBureau({ baseUrl: standIn.url, apiKey: standIn.apiKey, timeoutMs: 500, applicationTimeoutMs: 500, log });
const bureaus: Record<'embedded' | 'bread', () => CreditBureau> = { embedded: () => embeddedBureau, bread };

beforeAll(async () => {
  standIn = await startBreadStandIn();
});
afterAll(async () => {
  await standIn.close();
});
afterEach(() => {
  standIn.misbehave('ok');
  log.mockReset();
});

const applicant = (lastName: string): GuestPreScreenData => ({
  firstName: 'Robin',
  lastName,
  address1: '12 Harbor Street',
  city: 'Portland',
  stateCode: 'ME',
  postalCode: '04101',
  phone: '2075550100',
});
const application = (ssnLast4: string): Application => ({ applicant: applicant('Approved'), phone: '2075550100', birthDate: '1990-04-02', ssnLast4 });

describe.each(['embedded', 'bread'] as const)('the %s credit bureau', (kind) => {
  const bureau = () => bureaus[kind]();

  it('pre-screens the last name Approved to a firm offer with a reference', async () => {
    const answer = await bureau().prescreen(applicant('Approved'));
    expect(answer.outcome).toBe('offer');
    expect(answer.reference).toEqual(expect.any(String));
  });

  it('pre-screens the last name Cardholder as already holding the card, and anyone else to no offer', async () => {
    expect(await bureau().prescreen(applicant('Cardholder'))).toMatchObject({ outcome: 'card-holder', reference: null });
    expect(await bureau().prescreen(applicant('Lee'))).toMatchObject({ outcome: 'no-offer', reference: null });
  });

  it.each([
    ['1000', 'APPROVED'],
    ['2000', 'PENDING'],
    ['3000', 'DECLINED'],
    ['4000', 'ACCOUNT_EXISTS'],
    ['5000', 'ERROR'],
    ['7312', 'APPROVED'],
  ] as [string, ApplicationResult][])('answers an application with SSN last four %s: %s', async (ssnLast4, result) => {
    const { reference } = await bureau().prescreen(applicant('Approved'));
    const decision = await bureau().apply(reference ?? '', application(ssnLast4));
    expect(decision.result).toBe(result);
    if (decision.result === 'APPROVED') {
      expect(decision.accountNumber).toMatch(/^627800\d{10}$/);
      expect(decision.creditLimitCents).toBe(150_000);
    }
  });
});

describe('the Bread adapter', () => {
  it("sends the name and address to the prescreen, and the prescreen's id with the answers to the application", async () => {
    const from = standIn.requests.length;
    const { reference } = await bread().prescreen(applicant('Approved'));
    await bread().apply(reference ?? '', application('2000'));
    const [prescreen, applied] = standIn.requests.slice(from);
    expect(prescreen).toEqual({
      path: '/api/prescreen',
      body: { firstName: 'Robin', lastName: 'Approved', address1: '12 Harbor Street', city: 'Portland', state: 'ME', zip: '04101', channel: 'web' },
    });
    expect(applied?.path).toBe('/api/application');
    expect(applied?.body).toMatchObject({ prescreenId: reference, mobilePhone: '2075550100', dateOfBirth: '1990-04-02', ssnLast4: '2000' });
  });

  it.each([500, 'malformed', 'hang'] as const)('answers no offer and ERROR when the bureau fails (%s), logging no applicant data', async (mode) => {
    const { reference } = await bread().prescreen(applicant('Approved'));
    standIn.misbehave(mode);
    expect(await bread().prescreen(applicant('Approved'))).toMatchObject({ outcome: 'no-offer' });
    expect(await bread().apply(reference ?? '', application('1000'))).toEqual({ result: 'ERROR' });
    expect(log).toHaveBeenCalledTimes(2);
    const logged = log.mock.calls.flat().join('\n');
    for (const personal of ['Robin', 'Approved', 'Harbor', 'Portland', '04101', '2075550100', '1990', '1000']) expect(logged).not.toContain(personal);
  });

  it('answers no offer when the key is refused', async () => {
    const refused = breadBureau({ baseUrl: standIn.url, apiKey: 'wrong-key', timeoutMs: 500, log });
    expect(await refused.prescreen(applicant('Approved'))).toMatchObject({ outcome: 'no-offer' });
    expect(log).toHaveBeenCalledWith('[credit-bureau] the pre-screen failed: answered 401');
  });

  it('is chosen by CREDIT_BUREAU, and needs its API key', () => {
    expect(createCreditBureau(parseConfig({})).kind).toBe('embedded');
    expect(createCreditBureau(parseConfig({ CREDIT_BUREAU: 'off' })).kind).toBe('off');
    expect(createCreditBureau(parseConfig({ CREDIT_BUREAU: 'bread', CREDIT_BUREAU_API_KEY: 'k1' })).kind).toBe('bread');
    expect(() => createCreditBureau(parseConfig({ CREDIT_BUREAU: 'bread' }))).toThrow(/CREDIT_BUREAU_API_KEY/);
  });
});
