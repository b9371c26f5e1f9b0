import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Smarty's US Autocomplete Pro (GET /lookup) and US Street (GET /street-address) APIs,
 * answering in their documented shapes (suggestions[]: street_line, secondary, city, state, zipcode, entries; street
 * candidates: delivery_line_1, last_line, components, metadata with precision and rdi, analysis with
 * dpv_match_code), from a few fixed addresses, so the Smarty adapter is tested offline. Requests without the
 * stand-in's auth-id and auth-token get 401, as Smarty answers.
 */
export interface SmartyStandIn {
  url: string;
  authId: string;
  authToken: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  /** From now on: answer with this status, a body of another shape, or never (the client times out). */
  misbehave(mode: 'ok' | 500 | 'malformed' | 'hang'): void;
  close(): Promise<void>;
}

const suggestion = (street_line: string, secondary: string, city: string, state: string, zipcode: string, entries = 0) => ({
  street_line,
  secondary,
  city,
  state,
  zipcode,
  entries,
});
const SUGGESTIONS = [
  suggestion('224 W 35th St', '', 'New York', 'NY', '10001'),
  suggestion('225 W 35th St', '', 'New York', 'NY', '10001'),
  suggestion('1042 W Center St', 'Apt', 'Orem', 'UT', '84057', 3),
  suggestion('3214 N University Ave', '', 'Provo', 'UT', '84604'),
];
const EXPANSIONS: Record<string, ReturnType<typeof suggestion>[]> = {
  '1042 W Center St Apt (3) Orem UT 84057': [1, 2, 3].map((n) => suggestion('1042 W Center St', `Apt ${n}`, 'Orem', 'UT', '84057', 1)),
};

/** The street candidates, by upper-case street line: the one delivery point each stands for. */
const candidate = (
  primary: string,
  name: string,
  suffix: string,
  pre: string,
  city: string,
  state: string,
  zip: string,
  plus4: string,
  precision = 'Zip9',
) => ({
  input_index: 0,
  candidate_index: 0,
  delivery_line_1: [primary, pre, name, suffix].filter(Boolean).join(' '),
  last_line: `${city} ${state} ${zip}-${plus4}`,
  delivery_point_barcode: `${zip}${plus4}99`,
  components: {
    primary_number: primary,
    street_predirection: pre,
    street_name: name,
    street_suffix: suffix,
    city_name: city,
    default_city_name: city,
    state_abbreviation: state,
    zipcode: zip,
    plus4_code: plus4,
    delivery_point: '99',
  },
  metadata: { record_type: 'S', zip_type: 'Standard', county_name: 'New York', precision, rdi: 'Commercial', time_zone: 'Eastern' },
  analysis: { dpv_match_code: 'Y', dpv_footnotes: 'AABB', dpv_vacant: 'N', active: 'Y' },
});
const STREETS: Record<string, ReturnType<typeof candidate>> = {
  '224 W 35TH ST': candidate('224', '35th', 'St', 'W', 'New York', 'NY', '10001', '1203'),
  '224 WEST 35TH STREET': candidate('224', '35th', 'St', 'W', 'New York', 'NY', '10001', '1203'),
  '1 UNKNOWN PL': candidate('1', 'Unknown', 'Pl', '', 'New York', 'NY', '10001', '0001', 'Unknown'),
};

export async function startSmartyStandIn(): Promise<SmartyStandIn> {
  const authId = 'stand-in-id';
  const authToken = 'stand-in-token';
  const requests: URL[] = [];
  let mode: 'ok' | 500 | 'malformed' | 'hang' = 'ok';
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (mode === 'hang') return void hanging.add(res);
    if (mode === 500) return send(500, { errors: [{ message: 'Internal error' }] });
    if (mode === 'malformed') return send(200, { suggestions: 'not a list' });
    if (req.method !== 'GET') return send(405, { errors: [{ message: 'Method not allowed' }] });
    if (url.searchParams.get('auth-id') !== authId || url.searchParams.get('auth-token') !== authToken) {
      return send(401, {
        errors: [{ id: 401, message: 'Unauthorized: The credentials were provided incorrectly or did not match any existing, active credentials.' }],
      });
    }
    if (url.pathname === '/lookup') {
      const selected = url.searchParams.get('selected');
      if (selected) return send(200, { suggestions: EXPANSIONS[selected] ?? [] });
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const max = Number(url.searchParams.get('max_results') ?? 10);
      const found = SUGGESTIONS.filter((s) => [s.street_line, s.city, s.zipcode].some((f) => f.toLowerCase().startsWith(search)));
      // Smarty answers an empty object when nothing matches.
      return send(200, found.length ? { suggestions: found.slice(0, max) } : {});
    }
    if (url.pathname === '/street-address') {
      const street = (url.searchParams.get('street') ?? '').toUpperCase().replace(/\s+/g, ' ').trim();
      const zip = url.searchParams.get('zipcode') ?? '';
      const hit = STREETS[street];
      return send(200, hit && hit.components.zipcode === zip.slice(0, 5) ? [hit] : []);
    }
    send(404, { errors: [{ message: 'Not found' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authId,
    authToken,
    requests,
    misbehave: (next) => {
      mode = next;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
