// The version every image URL carries (src/lib/images/image-urls.ts): a hash of the media folder's images, made the
// same way at build time (from public/media, src/integrations/image-service.ts) and by the server at start-up (from
// the build's copy, dist/client/media). Equal stamps mean the URL's content is the content served: immutable.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const IMAGE_FILE = /\.(svg|jpe?g|png|webp|avif|gif)$/i;

export function mediaStamp(mediaDir: string): string {
  let files: string[];
  try {
    files = readdirSync(mediaDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && IMAGE_FILE.test(e.name))
      .map((e) => relative(mediaDir, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort();
  } catch {
    return '0';
  }
  const all = createHash('sha256');
  for (const file of files) {
    all
      .update(file)
      .update('\0')
      .update(
        createHash('sha256')
          .update(readFileSync(join(mediaDir, file)))
          .digest(),
      )
      .update('\0');
  }
  return all.digest('hex').slice(0, 12);
}
