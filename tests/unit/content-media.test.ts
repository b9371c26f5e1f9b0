import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// Content files (mega menu and others) name images by path; `npm run media` rewrites public/media (the dresses became
// photographs, their drawings went), so a path left behind would be a broken image on every page.
it('every /media/ image the content files name exists in public/media', () => {
  const files = readdirSync('src/content', { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json'));
  const named = files.flatMap((e) => [...readFileSync(join(e.parentPath, e.name), 'utf8').matchAll(/"(\/media\/[^"]+)"/g)].map((m) => m[1]!));
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((path) => !existsSync(`public${path}`))).toEqual([]);
});
