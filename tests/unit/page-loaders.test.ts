import { describe, expect, it } from 'vitest';
import { memoizePageLoaders } from '#src/integrations/page-loaders.ts';

// Lines as Astro 7 writes them into the built server entry (dist/server/entry.mjs).
const ENTRY = `var _page0 = () => import("./chunks/node_BTa6Ux8r.mjs");
var _page18 = () => import("./chunks/add_to_cart_DEr4c2bg.mjs");
var pageMap = new Map([["src/pages/api/checkout/product/add_to_cart.ts", _page18]]);
const manifest = { middleware: () => import("./virtual_astro_middleware.mjs") };`;

describe('page loaders imported once (src/integrations/page-loaders.ts)', () => {
  it("rewrites each route's loader in the built entry, and nothing else", () => {
    const { code, rewritten } = memoizePageLoaders(ENTRY);
    expect(rewritten).toBe(2);
    expect(code).toContain('var _page18 = ((loading) => () => (loading ??= import("./chunks/add_to_cart_DEr4c2bg.mjs")))();');
    expect(code).toContain('middleware: () => import("./virtual_astro_middleware.mjs")');
    expect(code).toContain('var pageMap = new Map([["src/pages/api/checkout/product/add_to_cart.ts", _page18]]);');
  });

  it('hands back the first import for every later call, and a failed one as it failed', async () => {
    const { code } = memoizePageLoaders(`var _page1 = () => import("./chunks/x.mjs");`);
    let imports = 0;
    const load = new Function('importer', `${code.replaceAll('import(', 'importer(')}; return _page1;`)((specifier: string) => {
      imports++;
      return imports === 1 ? Promise.resolve({ specifier }) : Promise.reject(new Error('imported twice'));
    }) as () => Promise<unknown>;
    const first = load();
    expect(load()).toBe(first);
    await expect(first).resolves.toEqual({ specifier: './chunks/x.mjs' });
    expect(imports).toBe(1);

    const failing = new Function('importer', `${code.replaceAll('import(', 'importer(')}; return _page1;`)(() =>
      Promise.reject(new Error('no such chunk')),
    ) as () => Promise<unknown>;
    await expect(failing()).rejects.toThrow('no such chunk');
    await expect(failing()).rejects.toThrow('no such chunk');
  });
});
