import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The commerce API as the one way in, held where the layer rules (.dependency-cruiser.cjs, .dependency-cruiser.web.cjs,
 * biome.jsonc for .astro files) cannot see: the text of the engine and the islands.
 */
const SRC = resolve(import.meta.dirname, '../../src');

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, ext) : ext.test(entry.name) ? [path] : [];
  });
}

/** The files under `dir` whose text matches `pattern`, relative to src/. */
const matching = (dir: string, ext: RegExp, pattern: RegExp) =>
  files(join(SRC, dir), ext)
    .filter((f) => pattern.test(readFileSync(f, 'utf8')))
    .map((f) => relative(SRC, f));

describe('the commerce boundary', () => {
  it("the engine never takes Astro's request objects: no App.Locals, APIContext, AstroGlobal or AstroCookies under src/server", () => {
    expect(matching('server', /\.ts$/, /\b(App\.Locals|APIContext|AstroGlobal|AstroCookies)\b|from 'astro'/)).toEqual([]);
  });

  it("the engine never makes the spec's wire shapes: no call to src/lib/api/wire.ts under src/server", () => {
    expect(matching('server', /\.ts$/, /lib\/api\/wire\.ts'|\bbagToWire\b|\blineFromWire\b/)).toEqual([]);
  });

  it('islands read one shape: nothing in src/islands converts the wire back to engine types', () => {
    expect(matching('islands', /\.tsx?$/, /\b\w+FromWire\b/)).toEqual([]);
  });

  it('pages, components and layouts import nothing under src/server but its settings (.astro files included)', () => {
    const offenders = ['pages', 'components', 'layouts'].flatMap((dir) =>
      files(join(SRC, dir), /\.(astro|ts|tsx)$/).filter((f) =>
        [...readFileSync(f, 'utf8').matchAll(/from\s+'([^']+)'/g)].some(
          ([, spec]) => /(^|\/)server\//.test(spec!) && !/server\/config\.ts$/.test(spec!),
        ),
      ),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });
});
