import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddedCommerce } from '#src/server/commerce-api/embedded.ts';
import { commerceApiMount } from '#src/server/commerce-api/http-server.ts';

/**
 * The engine's commerce API over HTTP on 127.0.0.1 (a port of its own), answering with the shared secret as the
 * production server does (src/server/main.ts), for the contract suites that run every call on both bindings.
 */
export async function engineServer(secret: string): Promise<{ url: string; close(): Promise<void> }> {
  const mount = commerceApiMount(embeddedCommerce(), secret);
  const server = createServer((req, res) => {
    if (!mount(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
