import type { IncomingMessage } from 'node:http';

/**
 * A Node request's body as text, or null once it passes `maxBytes` (the rest is drained, not kept): the mounted
 * sandboxes read small form posts this way, so no request can make the server hold more than the cap.
 */
export function readCappedBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
