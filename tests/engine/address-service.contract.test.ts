import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressFieldError, EMPTY_ADDRESS } from '#src/lib/checkout/address-rules.ts';
import type { AddressSuggestion, StreetAddress } from '#src/lib/checkout/address-suggestions.ts';
import { type AddressService, createAddressService, offAddresses } from '#src/server/addresses/address-service.ts';
import { embeddedAddresses } from '#src/server/addresses/embedded-addresses.ts';
import { smartyAddresses } from '#src/server/addresses/smarty-addresses.ts';
import { parseConfig } from '#src/server/config.ts';
import { type SmartyStandIn, startSmartyStandIn } from '../helpers/smarty-stand-in.ts';

/**
 * One contract, two implementations: the embedded ZIP data set and the Smarty adapter against a local stand-in
 * that answers in Smarty's documented shapes. Then what only one of them does.
 */
let standIn: SmartyStandIn;
const smartyErrors = vi.fn();
const services: Record<'embedded' | 'smarty', () => AddressService> = {
  embedded: (() => {
    const service = embeddedAddresses();
    return () => service;
  })(),
  smarty: () =>
    smartyAddresses({
      autocompleteUrl: standIn.url,
      streetUrl: standIn.url,
      authId: standIn.authId,
      authToken: standIn.authToken,
      timeoutMs: 2000,
      onError: smartyErrors,
    }),
};

beforeAll(async () => {
  standIn = await startSmartyStandIn();
});
afterAll(async () => {
  await standIn.close();
});

/** Every suggestion can be put in the form as it is. */
function expectSubmittable(s: AddressSuggestion) {
  expect(addressFieldError('city', s.city), s.city).toBeUndefined();
  expect(addressFieldError('stateCode', s.stateCode), s.stateCode).toBeUndefined();
  expect(addressFieldError('postalCode', s.zipcode), s.zipcode).toBeUndefined();
  if (s.streetLine) expect(addressFieldError('address1', s.streetLine), s.streetLine).toBeUndefined();
}

const entered: StreetAddress = { address1: '224 W 35th St', address2: '', city: 'New York', stateCode: 'NY', postalCode: '10001' };

describe.each(['embedded', 'smarty'] as const)('the %s address service', (kind) => {
  const service = () => services[kind]();

  it("completes a city: 'New Yo' suggests New York, NY 10001", async () => {
    const found = await service().suggest('New Yo');
    expect(found).toContainEqual(expect.objectContaining({ city: 'New York', stateCode: 'NY', zipcode: '10001' }));
    found.forEach(expectSubmittable);
  });

  it("completes a ZIP code: '1000' suggests ZIP codes starting 1000", async () => {
    const found = await service().suggest('1000');
    expect(found.length).toBeGreaterThan(0);
    for (const s of found) expect(s.zipcode.startsWith('1000'), s.zipcode).toBe(true);
    found.forEach(expectSubmittable);
  });

  it('answers no suggestions for what matches nothing, and at most 10 for what matches much', async () => {
    expect(await service().suggest('Qqxzzyq')).toEqual([]);
    expect((await service().suggest('New')).length).toBeLessThanOrEqual(10);
  });

  it('verifies without throwing: confirmed, a corrected suggestion that passes the form rules, or cannot verify', async () => {
    for (const address of [entered, { ...entered, address1: '224 West 35th Street' }, { ...entered, address1: '9 Nowhere Ln' }]) {
      const verification = await service().verify(address);
      expect(['confirmed', 'corrected', 'unverifiable']).toContain(verification.status);
      if (verification.status === 'corrected') {
        for (const [field, value] of Object.entries(verification.suggested)) {
          expect(addressFieldError(field as keyof StreetAddress, value), `${field}: ${value}`).toBeUndefined();
        }
      }
    }
  });
});

describe('the embedded service', () => {
  const embedded = services.embedded();

  it('keeps the street typed before a comma and completes the rest; a trailing state narrows the city', async () => {
    const found = await embedded.suggest('12 Main St, Portland OR');
    expect(found[0]).toMatchObject({ streetLine: '12 Main St', city: 'Portland', stateCode: 'OR' });
    expect(found.every((s) => s.streetLine === '12 Main St')).toBe(true);
    expect((await embedded.suggest('Portland ME 041'))[0]).toMatchObject({
      city: 'Portland',
      stateCode: 'ME',
      zipcode: expect.stringMatching(/^041/),
    });
  });

  it('puts the city named exactly first, then bigger places', async () => {
    const found = await embedded.suggest('Springfield');
    expect(found.length).toBe(10);
    expect(found.every((s) => s.city === 'Springfield')).toBe(true);
  });

  it('completes a street typed alone with the place the form already names: its ZIP code, else its city', async () => {
    expect(await embedded.suggest('224 W 35th', undefined, { postalCode: '10001', city: 'Albany' })).toEqual([
      { streetLine: '224 W 35th', secondary: '', city: 'New York', stateCode: 'NY', zipcode: '10001', entries: 0 },
    ]);
    const springfield = await embedded.suggest('123 Main', undefined, { city: 'Springfield', stateCode: 'IL' });
    expect(springfield.length).toBeGreaterThan(1);
    for (const s of springfield) expect(s).toMatchObject({ streetLine: '123 Main', city: 'Springfield', stateCode: 'IL' });
    springfield.forEach(expectSubmittable);
    // A city without a state: the places of that name, in any state.
    expect(new Set((await embedded.suggest('123 Main', undefined, { city: 'Springfield' })).map((s) => s.stateCode)).size).toBeGreaterThan(1);
    // '12 Main St,' with nothing after the comma is a street alone too.
    expect((await embedded.suggest('12 Main St,', undefined, { postalCode: '62701' }))[0]).toMatchObject({
      streetLine: '12 Main St',
      zipcode: '62701',
    });
  });

  it('cannot complete a street typed alone with no place to go on (a state alone names none), nor expand sub-addresses', async () => {
    expect(await embedded.suggest('224 W 35th')).toEqual([]);
    expect(await embedded.suggest('224 W 35th', undefined, { stateCode: 'NY' })).toEqual([]);
    expect(await embedded.suggest('224 W 35th', '224 W 35th St Apt (3) New York NY 10001')).toEqual([]);
  });

  it('says honestly that it cannot verify a street', async () => {
    expect(await embedded.verify(entered)).toEqual({ status: 'unverifiable', reason: 'unsupported' });
  });

  it('offers only the places we ship to, with names the form accepts', async () => {
    // AE (armed forces) and PW (Palau) are in the data set and not on the state list.
    expect(await embedded.suggest('090')).toEqual([]);
    expect(await embedded.suggest('969')).not.toContainEqual(expect.objectContaining({ stateCode: 'PW' }));
  });
});

describe('the Smarty adapter', () => {
  const smarty = () => services.smarty();

  it('sends the credentials, the search and a result cap, and reads the documented reply fields', async () => {
    standIn.requests.length = 0;
    expect(await smarty().suggest('224 W')).toEqual([
      { streetLine: '224 W 35th St', secondary: '', city: 'New York', stateCode: 'NY', zipcode: '10001', entries: 0 },
    ]);
    const [request] = standIn.requests;
    expect(request?.pathname).toBe('/lookup');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      search: '224 W',
      max_results: '10',
      'auth-id': standIn.authId,
      'auth-token': standIn.authToken,
    });
  });

  it('prefers the place the form names: its ZIP code (geolocation off, as Smarty asks), else its state', async () => {
    standIn.requests.length = 0;
    await smarty().suggest('224 W', undefined, { postalCode: '10001', stateCode: 'NY' });
    await smarty().suggest('224 W', undefined, { stateCode: 'NY' });
    const [byZip, byState] = standIn.requests.map((r) => Object.fromEntries(r.searchParams));
    expect(byZip).toMatchObject({ search: '224 W', prefer_zip_codes: '10001', prefer_geolocation: 'none' });
    expect(byZip).not.toHaveProperty('prefer_states');
    expect(byState).toMatchObject({ search: '224 W', prefer_states: 'NY' });
  });

  it('expands an entry with sub-addresses through selected', async () => {
    const [entry] = await smarty().suggest('1042 W');
    expect(entry?.entries).toBe(3);
    const expanded = await smarty().suggest('1042 W', '1042 W Center St Apt (3) Orem UT 84057');
    expect(expanded.map((s) => s.secondary)).toEqual(['Apt 1', 'Apt 2', 'Apt 3']);
  });

  it('confirms an address that reads the same, offers the standardised one when it differs', async () => {
    expect(await smarty().verify(entered)).toEqual({ status: 'confirmed' });
    expect(await smarty().verify({ ...entered, address1: '224 West 35th Street' })).toEqual({
      status: 'corrected',
      suggested: { address1: '224 W 35th St', address2: '', city: 'New York', stateCode: 'NY', postalCode: '10001-1203' },
    });
  });

  it('cannot verify an address it does not find, or finds with unknown precision', async () => {
    expect(await smarty().verify({ ...entered, address1: '9 Nowhere Ln' })).toEqual({ status: 'unverifiable', reason: 'not-found' });
    expect(await smarty().verify({ ...entered, address1: '1 Unknown Pl' })).toEqual({ status: 'unverifiable', reason: 'not-found' });
  });

  it.each([500, 'malformed', 'hang'] as const)(
    'answers no suggestions and cannot verify when the service fails (%s), reporting each failure',
    async (mode) => {
      smartyErrors.mockClear();
      standIn.misbehave(mode);
      try {
        const failing = smartyAddresses({
          autocompleteUrl: standIn.url,
          streetUrl: standIn.url,
          authId: 'a',
          authToken: 'b',
          timeoutMs: 300,
          onError: smartyErrors,
        });
        expect(await failing.suggest('New Yo')).toEqual([]);
        expect(await failing.verify(entered)).toEqual({ status: 'unverifiable', reason: 'unavailable' });
        expect(smartyErrors).toHaveBeenCalledTimes(2);
      } finally {
        standIn.misbehave('ok');
      }
    },
  );

  it('wrong credentials are a failure, not an empty answer taken for the truth', async () => {
    smartyErrors.mockClear();
    const wrong = smartyAddresses({
      autocompleteUrl: standIn.url,
      streetUrl: standIn.url,
      authId: 'x',
      authToken: 'y',
      timeoutMs: 2000,
      onError: smartyErrors,
    });
    expect(await wrong.suggest('New Yo')).toEqual([]);
    expect(smartyErrors).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('401') }));
  });
});

describe('choosing the service by configuration', () => {
  it('embedded by default, off when asked, Smarty only with its credentials', async () => {
    expect(createAddressService(parseConfig({})).kind).toBe('embedded');
    const off = createAddressService(parseConfig({ ADDRESS_SERVICE: 'off' }));
    expect(off).toBe(offAddresses);
    expect(await off.suggest('New Yo')).toEqual([]);
    expect(await off.verify({ ...EMPTY_ADDRESS })).toEqual({ status: 'unverifiable', reason: 'disabled' });
    expect(() => createAddressService(parseConfig({ ADDRESS_SERVICE: 'smarty' }))).toThrow(/SMARTY_AUTH_ID/);
    const smarty = createAddressService(
      parseConfig({
        ADDRESS_SERVICE: 'smarty',
        SMARTY_AUTH_ID: standIn.authId,
        SMARTY_AUTH_TOKEN: standIn.authToken,
        SMARTY_AUTOCOMPLETE_URL: `${standIn.url}/`,
      }),
    );
    expect(smarty.kind).toBe('smarty');
    expect(await smarty.suggest('Orem')).toHaveLength(1);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => parseConfig({ SMARTY_STREET_URL: 'ftp://x' })).toThrow(/SMARTY_STREET_URL must be an http\(s\) URL/);
    expect(() => parseConfig({ ADDRESS_SERVICE: 'google' })).toThrow(/ADDRESS_SERVICE must be embedded, smarty or off/);
  });
});
