import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Affirm's promotional messaging (GET /api/promos/v2/{public_api_key}?amount=&page_type=&field=),
 * answering in its documented shape: `promo` with the plain-text `ala` ("as low as") line and `html_ala`, and `offer`
 * with `minimum_loan_amount` and `maximum_loan_amount` (cents, as `amount` is). It offers financing from $50.00 up to
 * $9,999.99, the embedded sandbox's range, and answers an empty `ala` outside it. An unknown key gets 404.
 */
export interface AffirmStandIn {
  url: string;
  publicKey: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  /** From now on: answer with this status, a body of another shape, or never (the client times out). */
  misbehave(mode: 'ok' | 500 | 'malformed' | 'hang'): void;
  close(): Promise<void>;
}

const MIN_LOAN = 5000;
const MAX_LOAN = 999_999;

function promo(amount: number) {
  const offered = amount >= MIN_LOAN && amount <= MAX_LOAN;
  const monthly = `$${Math.ceil(amount / 12 / 100)}`;
  return {
    promo: {
      ala: offered ? `Starting at ${monthly}/mo with Affirm. Learn more` : '',
      html_ala: offered ? `Starting at <span class="affirm-ala-price">${monthly}</span>/mo with <span class="__affirm-logo">Affirm</span>` : '',
      config: { promo_prequal_enabled: false, merchant_name: 'Seven Brands' },
    },
    offer: { minimum_loan_amount: MIN_LOAN, maximum_loan_amount: MAX_LOAN, terms: offered ? [{ apr: 0.1, term_length: 12 }] : [] },
  };
}

export async function startAffirmStandIn(publicKey = 'STANDINPUBLICKEY1'): Promise<AffirmStandIn> {
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
    if (mode === 500) return send(500, { message: 'Internal error' });
    if (mode === 'malformed') return send(200, { promo: 'unavailable' });
    if (req.method !== 'GET' || url.pathname !== `/api/promos/v2/${publicKey}`) return send(404, { message: 'Not found' });
    const amount = Number(url.searchParams.get('amount'));
    if (!Number.isInteger(amount) || amount < 0) return send(400, { message: 'Invalid amount' });
    return send(200, promo(amount));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicKey,
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
