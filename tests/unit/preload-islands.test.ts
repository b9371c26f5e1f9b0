import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadIslandEntries, preloadIslandScripts } from '#src/integrations/preload-islands.ts';

const dir = mkdtempSync(join(tmpdir(), 'preload-islands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const island = (client: string, component: string) =>
  `<astro-island uid="a" component-url="/_astro/${component}" component-export="X" renderer-url="/_astro/client.js" ssr client="${client}" opts="{}"></astro-island>`;

function write(path: string, text: string) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

describe('modulepreload links for client:load islands', () => {
  it('finds the component and renderer of load islands only', () => {
    const html = `<html><head></head><body>${island('load', 'App.js')}${island('visible', 'Footer.js')}</body></html>`;
    expect(loadIslandEntries(html)).toEqual(['/_astro/App.js', '/_astro/client.js']);
  });

  it('links every script a load island reaches by static imports, once each, and nothing only a later island needs', async () => {
    write('_astro/App.js', 'import{a}from"./react.js";import"./rules.js";const later=()=>import("./Lazy.js");export const App=a;');
    write('_astro/react.js', 'import{j}from"./jsx.js";export const a=j;');
    write('_astro/jsx.js', 'export const j=1;');
    write('_astro/rules.js', 'import{a}from"./react.js";export const r=a;');
    write('_astro/client.js', 'import{a}from"./react.js";export default a;');
    write('_astro/Footer.js', 'import{f}from"./footer-only.js";export const Footer=f;');
    write('_astro/footer-only.js', 'export const f=1;');
    write('_astro/Lazy.js', 'export const l=1;');
    write(
      'checkout/index.html',
      `<html><head><title>t</title></head><body>${island('load', 'App.js')}${island('visible', 'Footer.js')}</body></html>`,
    );
    write('plain/index.html', '<html><head></head><body><p>no islands</p></body></html>');

    expect(await preloadIslandScripts(dir)).toBe(1);
    const html = readFileSync(join(dir, 'checkout/index.html'), 'utf8');
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/_astro/App.js', '/_astro/client.js', '/_astro/react.js', '/_astro/rules.js', '/_astro/jsx.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(readFileSync(join(dir, 'plain/index.html'), 'utf8')).not.toContain('modulepreload');

    // A second run (a rebuild over the same output) adds nothing twice.
    expect(await preloadIslandScripts(dir)).toBe(0);
  });
});
