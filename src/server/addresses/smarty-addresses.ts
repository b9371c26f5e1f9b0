import * as v from 'valibot';
import { collapseSpaces } from '#src/lib/checkout/address-rules.ts';
import {
  type AddressSuggestion,
  type NearPlace,
  SUGGEST_MAX_RESULTS,
  type StreetAddress,
  type VerifiedCandidate,
  verificationOf,
} from '#src/lib/checkout/address-suggestions.ts';
import type { AddressService } from './address-provider.ts';

/**
 * Smarty's US Autocomplete Pro (GET /lookup) and US Street (GET /street-address) APIs, with their documented reply
 * fields converted to ours here, at the edge. Replies are validated, not trusted. A failure (network, timeout, a
 * non-2xx, a reply of another shape) answers "no suggestions" or "cannot verify" and goes to one error handler,
 * which logs an outage once rather than on every keystroke.
 */
export interface SmartyOptions {
  autocompleteUrl: string;
  streetUrl: string;
  authId: string;
  authToken: string;
  timeoutMs: number;
  onError?: (error: unknown) => void;
}

const text = v.optional(v.nullable(v.string()), '');

const AutocompleteReply = v.object({
  suggestions: v.optional(
    v.nullable(
      v.array(
        v.object({
          street_line: v.string(),
          secondary: text,
          city: v.string(),
          state: v.string(),
          zipcode: v.string(),
          entries: v.optional(v.nullable(v.number()), 0),
        }),
      ),
    ),
    [],
  ),
});

const StreetReply = v.array(
  v.object({
    delivery_line_1: text,
    components: v.object({
      primary_number: text,
      street_predirection: text,
      street_name: text,
      street_suffix: text,
      street_postdirection: text,
      secondary_designator: text,
      secondary_number: text,
      city_name: text,
      state_abbreviation: text,
      zipcode: text,
      plus4_code: text,
    }),
    metadata: v.optional(v.object({ precision: text, rdi: text }), {}),
    analysis: v.optional(v.object({ dpv_match_code: text }), {}),
  }),
);

export function smartyAddresses(options: SmartyOptions): AddressService {
  const report = options.onError ?? logOutageOnce();

  async function get<S extends v.GenericSchema>(base: string, path: string, params: Record<string, string>, schema: S) {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries({ ...params, 'auth-id': options.authId, 'auth-token': options.authToken })) {
      if (value !== '') url.searchParams.set(key, value);
    }
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
    if (!response.ok) throw new Error(`Smarty ${path} answered ${response.status}`);
    return v.parse(schema, await response.json());
  }

  return {
    kind: 'smarty',
    async suggest(search, selected, near) {
      try {
        const reply = await get(
          options.autocompleteUrl,
          '/lookup',
          { search, selected: selected ?? '', max_results: String(SUGGEST_MAX_RESULTS), ...preferences(near) },
          AutocompleteReply,
        );
        return (reply.suggestions ?? []).slice(0, SUGGEST_MAX_RESULTS).map(
          (s): AddressSuggestion => ({
            streetLine: s.street_line,
            secondary: s.secondary ?? '',
            city: s.city,
            stateCode: s.state,
            zipcode: s.zipcode,
            entries: s.entries ?? 0,
          }),
        );
      } catch (error) {
        report(error);
        return [];
      }
    },
    async verify(address: StreetAddress) {
      try {
        const reply = await get(
          options.streetUrl,
          '/street-address',
          {
            street: address.address1,
            secondary: address.address2,
            city: address.city,
            state: address.stateCode,
            zipcode: address.postalCode,
            candidates: '5',
          },
          StreetReply,
        );
        return verificationOf(address, reply.map(toCandidate));
      } catch (error) {
        report(error);
        return { status: 'unverifiable', reason: 'unavailable' };
      }
    },
  };
}

/**
 * The place the form already names, as Smarty's documented preferences: its ZIP code (Smarty takes a ZIP
 * preference only with geolocation off), else its state. Preferred, not filtered: a street elsewhere still shows.
 */
function preferences(near: NearPlace | undefined): Record<string, string> {
  if (near?.postalCode) return { prefer_zip_codes: near.postalCode, prefer_geolocation: 'none' };
  if (near?.stateCode) return { prefer_states: near.stateCode };
  return {};
}

function toCandidate(c: v.InferOutput<typeof StreetReply>[number]): VerifiedCandidate {
  const k = c.components;
  const join = (...parts: (string | null)[]) => collapseSpaces(parts.filter(Boolean).join(' '));
  const zip = k.zipcode ?? '';
  return {
    address1: join(k.primary_number, k.street_predirection, k.street_name, k.street_suffix, k.street_postdirection) || (c.delivery_line_1 ?? ''),
    address2: join(k.secondary_designator, k.secondary_number),
    city: k.city_name ?? '',
    stateCode: k.state_abbreviation ?? '',
    postalCode: k.plus4_code ? `${zip}-${k.plus4_code}` : zip,
    precision: c.metadata.precision ?? '',
    rdi: c.metadata.rdi ?? '',
  };
}

/** The common error handler: logs a failure at most once a minute while the service keeps failing. */
function logOutageOnce(): (error: unknown) => void {
  let lastLogged = 0;
  return (error) => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error('[addresses] Smarty failed; answering without suggestions:', error instanceof Error ? error.message : error);
  };
}
