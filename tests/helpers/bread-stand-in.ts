import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Bread Financial's real-time prescreen and its application call, answering in the shapes the
 * adapter (src/server/store-card-offer/bread-bureau.ts) documents, with the same test identities as the embedded
 * bureau (its table): POST /api/prescreen answers { returnCode, prescreenId } ("01" for the last name Approved, "0"
 * for Cardholder, "10" otherwise); POST /api/application answers { status, accountNumber, creditLimit } from the SSN's
 * last four. A request without the API key gets 401.
 */
export interface BreadStandIn {
  url: string;
  apiKey: string;
  /** Every request's path and body, in order. */
  requests: { path: string; body: Record<string, unknown> }[];
  misbehave(mode: 'ok' | 500 | 'malformed' | 'hang'): void;
  close(): Promise<void>;
}

const RESULTS: Record<string, string> = { '1000': 'APPROVED', '2000': 'PENDING', '3000': 'DECLINED', '4000': 'ACCOUNT_EXISTS', '5000': 'ERROR' };

export async function startBreadStandIn(apiKey = 'stand-in-key'): Promise<BreadStandIn> {
  const requests: BreadStandIn['requests'] = [];
  let mode: 'ok' | 500 | 'malformed' | 'hang' = 'ok';
  let prescreens = 7000;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    requests.push({ path, body });
    const send = (status: number, reply: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    };
    if (mode === 'hang') return void hanging.add(res);
    if (mode === 500) return send(500, { message: 'Internal error' });
    if (mode === 'malformed') return send(200, { result: 'unavailable' });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { message: 'Unauthorized' });
    const lastName = String(body.lastName ?? '').toLowerCase();
    if (req.method === 'POST' && path === '/api/prescreen') {
      if (lastName === 'approved') return send(200, { returnCode: '01', prescreenId: ++prescreens });
      if (lastName === 'cardholder') return send(200, { returnCode: '0', prescreenId: null });
      return send(200, { returnCode: '10', prescreenId: null });
    }
    if (req.method === 'POST' && path === '/api/application') {
      const status = RESULTS[String(body.ssnLast4)] ?? 'APPROVED';
      if (status !== 'APPROVED') return send(200, { status });
      return send(200, { status, accountNumber: `627800${String(Date.now()).slice(-10)}`, creditLimit: 1500 });
    }
    return send(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
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
