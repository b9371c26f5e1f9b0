// What stands in front of Astro's handler in the production server (src/server/main.ts): built files first, sent
// precompressed; everything else rendered by Astro and compressed on the way out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressResponses } from './compress.ts';
import { staticFiles } from './static-files.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function storeFront(clientDir: string, astro: NodeHandler): (req: IncomingMessage, res: ServerResponse) => void {
  const files = staticFiles(clientDir);
  const compress = compressResponses();
  return (req, res) => files(req, res, () => compress(req, res, () => void astro(req, res)));
}
