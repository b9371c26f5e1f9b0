// What stands in front of Astro's handler in the production server (src/server/main.ts): built files first, sent
// precompressed; then pages kept in the page cache (src/server/http/page-cache.ts), before Astro parses the request;
// everything else rendered by Astro and compressed on the way out. Resized photographs (/img/…) come first, from the
// image service (src/server/images/image-service.ts). The Node adapter runs in its 'middleware' mode
// (astro.config.mjs), so it does not look for a file on disk for every request a second time: this front has the
// only index of the built files, made once at start-up.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { compressResponses } from './http/compress.ts';
import { sharedPageHits } from './http/page-cache.ts';
import { staticFiles } from './http/static-files.ts';
import { storeImageService } from './images/image-service.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A request line whose path cannot be decoded is refused, as the adapter's standalone server refused it. */
function decodable(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

export function storeFront(clientDir: string, astro: NodeHandler): (req: IncomingMessage, res: ServerResponse) => void {
  const files = staticFiles(clientDir);
  const compress = compressResponses();
  const pages = sharedPageHits();
  const images = storeImageService(join(clientDir, 'media'));
  return (req, res) => {
    if (!decodable(req.url ?? '/')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad request.');
      return;
    }
    images(req, res, () => files(req, res, () => pages(req, res, () => compress(req, res, () => void astro(req, res)))));
  };
}
