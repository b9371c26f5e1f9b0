// npm run import -- FEED.jsonl          imports a catalog feed into the configured database (docs/catalog-feed.md)
// npm run import -- --export FEED.jsonl writes the store's catalog as a feed (edit it, import it again)
// The feed is all or nothing: any bad line is reported with its line number and field, and nothing is written.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { exportCatalog, importCatalog } from '../src/server/catalog/catalog-facade.ts';

const PRINTED_ISSUES = 50;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { export: { type: 'string' } } });
const n = (x: number) => x.toLocaleString('en-US');

async function exportTo(file: string): Promise<number> {
  const out = createWriteStream(file);
  let lines = 0;
  for await (const line of exportCatalog()) {
    lines++;
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return lines;
}

/**
 * The file's lines. Not node:readline: its lines flow as soon as it is made and are lost until someone iterates,
 * while the import first opens the database. A stream read as an async iterable waits for its reader.
 */
async function* linesOf(input: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of input) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) yield part.endsWith('\r') ? part.slice(0, -1) : part;
  }
  if (rest) yield rest;
}

async function importFrom(file: string): Promise<boolean> {
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  await once(input, 'open'); // a missing file is said before anything else
  const report = await importCatalog(linesOf(input));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  // SQLite merges after the last line; PostgreSQL merges each batch while the next lines are read.
  const timing =
    `${seconds(report.ms.total)} (the last ${seconds(report.ms.merge)} after the last line was read` +
    `${report.firstLoad ? '; a first load: foreign keys checked once, at the end' : ''})`;
  console.log(`${file}: ${n(report.products)} products, ${n(report.variants)} variants in ${timing}.`);
  if (!report.imported) {
    for (const i of report.issues.slice(0, PRINTED_ISSUES)) {
      const where = i.line ? `line ${i.line}${i.product ? ` (${i.product})` : ''}` : 'feed';
      console.error(`${where}${i.field ? ` ${i.field}` : ''}: ${i.message}`);
    }
    const more = report.issueCount - Math.min(PRINTED_ISSUES, report.issues.length);
    if (more > 0) console.error(`… and ${n(more)} more.`);
    console.error(`Nothing was imported: ${n(report.issueCount)} ${report.issueCount === 1 ? 'problem' : 'problems'} to fix first.`);
    return false;
  }
  const c = report.changes!;
  const unchanged = report.products - c.createdProducts - c.changedProducts;
  console.log(
    `Imported: products ${n(c.createdProducts)} new, ${n(c.changedProducts)} changed, ${n(unchanged)} unchanged; ` +
      `variants ${n(c.createdVariants)} new, ${n(c.changedVariants)} changed; stock levels ${n(c.changedStock)} changed; ` +
      `colours, images, hemming and shipping rows ${n(c.changedOther)} changed. Catalog version ${report.version}.`,
  );
  return true;
}

let code = 0;
try {
  if (values.export) {
    const started = performance.now();
    const lines = await exportTo(values.export);
    console.log(`Wrote ${n(lines)} products to ${values.export} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } else if (positionals.length === 1) {
    code = (await importFrom(positionals[0]!)) ? 0 : 1;
  } else {
    console.error('Usage: npm run import -- FEED.jsonl | npm run import -- --export FEED.jsonl');
    code = 2;
  }
} catch (err) {
  console.error((err as Error).message);
  code = 1;
}
// The facade's database pool would keep the process alive.
process.exit(code);
