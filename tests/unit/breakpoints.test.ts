import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOM_MEDIA, expandCustomMedia, PHONE_MAX_WIDTH, PHONE_MEDIA, WIDE_MEDIA } from '#src/lib/breakpoints.ts';
import { customMediaPlugin } from '#src/integrations/custom-media.ts';

const SRC = join(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

describe('the phone breakpoint', () => {
  it('is one width: phones up to it, the wide layout from the next pixel', () => {
    expect(PHONE_MEDIA).toBe(`(max-width: ${PHONE_MAX_WIDTH}px)`);
    expect(WIDE_MEDIA).toBe(`(min-width: ${PHONE_MAX_WIDTH + 1}px)`);
  });

  it('custom media in a stylesheet expand to those queries; other queries are left as written', () => {
    expect(expandCustomMedia('(--phone)')).toBe(PHONE_MEDIA);
    expect(expandCustomMedia('screen and ( --wide )')).toBe(`screen and ${WIDE_MEDIA}`);
    expect(expandCustomMedia('(max-width: 575px)')).toBe('(max-width: 575px)');
    const rule = { params: '(--wide)' };
    customMediaPlugin.AtRule.media(rule);
    expect(rule.params).toBe(WIDE_MEDIA);
  });

  it('an unknown custom media name stops the build, naming the ones there are', () => {
    expect(() => expandCustomMedia('(--tablet)')).toThrow(/Unknown custom media --tablet: the names are --phone, --wide/);
  });

  it('is written nowhere else: stylesheets name it as custom media, scripts import it', () => {
    const widths = new RegExp(`\\b(${PHONE_MAX_WIDTH}|${PHONE_MAX_WIDTH + 1})px`);
    const own = join(SRC, 'lib/breakpoints.ts');
    const offenders = files(SRC)
      .filter((f) => /\.(css|ts|tsx|astro|mjs)$/.test(f) && f !== own)
      .filter((f) => widths.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
    const css = files(SRC).filter((f) => /\.(css|astro)$/.test(f));
    const names = css.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/@media[^{]*\((--[\w-]+)\)/g)].map((m) => m[1]!));
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((n) => !(n in CUSTOM_MEDIA))).toEqual([]);
  });
});
