// Brotli and gzip copies of every compressible file the build writes for the browser, made once at build time at
// levels too slow to use per request, so the server sends them as they are: `file.js.br` and `file.js.gz` beside
// `file.js`. src/server/http/static-files.ts picks one by the request's Accept-Encoding.
import type { AstroIntegration } from 'astro';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats the client output holds; images other than SVG, video and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|m?js|css|svg|json|xml|txt|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers and framing cost. */
export const MIN_BYTES = 1024;

/**
 * Brotli's top level for scripts and styles (every page loads them, browsers keep them a year); one below for pages
 * and images, where the top level takes four times as long for 2 % fewer bytes (measured on this store's build).
 */
export function brotliQuality(file: string): number {
  return /\.(?:m?js|css)$/.test(file) ? constants.BROTLI_MAX_QUALITY : 10;
}

export interface PrecompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `.br` and `.gz` beside each compressible file under `dir` that compression makes smaller. */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  await Promise.all(
    names.map(async (file) => {
      const source = await readFile(file);
      if (source.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gz(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy that is not smaller is not written (and one left from an earlier build goes), so it is never sent.
      await (br.length < source.length ? writeFile(`${file}.br`, br) : rm(`${file}.br`, { force: true }));
      await (gzipped.length < source.length ? writeFile(`${file}.gz`, gzipped) : rm(`${file}.gz`, { force: true }));
      report.files++;
      report.bytes += source.length;
      report.brotliBytes += Math.min(br.length, source.length);
      report.gzipBytes += Math.min(gzipped.length, source.length);
    }),
  );
  return report;
}

export function precompress(): AstroIntegration {
  return {
    name: 'store:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const r = await precompressDirectory(fileURLToPath(dir));
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        logger.info(
          `${r.files} files, ${kib(r.bytes)} → brotli ${kib(r.brotliBytes)}, gzip ${kib(r.gzipBytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
