import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { parseFeedLine } from './feed-line.ts';
import { emptyFeedRows, FEED_TABLES, toRows, type FeedRows } from './feed-rows.ts';
import { analyzeCatalog, createStage, dropStage, indexStage, StageWriter, truncateStage } from './import-stage.ts';
import { bumpVersion, catalogSize, findClashes, mergeStage, noChanges, type Clash, type MergeChanges } from './import-merge.ts';
import { onImportConnection, type CopyIn } from './import-connection.ts';
import { catalogForeignKeys, dropForeignKeys, FIRST_LOAD, restoreForeignKeys, type FirstLoadRule, type ForeignKey } from './import-first-load.ts';

/**
 * The catalog import: a JSON Lines feed of products with their colours, images, variants, prices
 * and stock (docs/catalog-feed.md), upserted by id. Every line is checked and every problem reported with its line
 * and field; the catalog changes only when the whole feed is good, in one transaction that also raises the catalog's
 * version. Lines go to staging tables as they are read, so memory stays flat however long the feed.
 *
 * SQLite stages the whole feed, then merges it in one write transaction: the store's other writers wait only for
 * the merge. PostgreSQL merges each batch as it is staged, inside one transaction that spans the import, while the
 * next lines are parsed: its foreign-key checks make the merge the longest part, and it runs on the second core. A
 * first load of a large feed into a near-empty catalog checks those keys once at the end instead
 * (import-first-load.ts).
 */

export interface ImportIssue {
  /** The feed line (1 is the first). */
  line: number;
  /** The line's product id, when it could be read. */
  product: string | null;
  field: string;
  message: string;
}

export interface ImportReport {
  /** True when the feed was good and its changes (if any) are in the catalog. */
  imported: boolean;
  /** Products in the feed (lines that are not blank). */
  products: number;
  variants: number;
  changes: MergeChanges | null;
  /** True when the import took the first-load path (PostgreSQL): the catalog's keys checked once, at the end. */
  firstLoad: boolean;
  /** The catalog's version after the import (raised only when something changed). */
  version: number | null;
  /** The first MAX_REPORTED_ISSUES problems, in line order; `issueCount` counts them all. */
  issues: ImportIssue[];
  issueCount: number;
  ms: { read: number; merge: number; total: number };
}

export const MAX_REPORTED_ISSUES = 1000;
/** Products read before their rows are written to the staging tables (and, on PostgreSQL, merged). */
const PRODUCTS_PER_BATCH = 2000;
/** Batches handed to the database before the reader waits for the oldest (PostgreSQL works while lines are parsed). */
const BATCHES_AHEAD = 2;

type Lines = AsyncIterable<string> | Iterable<string>;

export interface ImportOptions {
  /** For tests, which need several batches from a few lines. */
  productsPerBatch?: number;
  /** When a PostgreSQL import takes the first-load path (FIRST_LOAD unless a test sets another). */
  firstLoad?: FirstLoadRule;
}

export async function importFeed(db: Db, lines: Lines, options: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const brands = new Set((await db.kysely.selectFrom('brands').select('code').execute()).map((b) => b.code));
  return onImportConnection(db, async (conn, copyIn) => {
    await createStage(conn);
    // PostgreSQL looks staged rows up by key for every batch; SQLite indexes the whole stage once it is loaded.
    // The planner's sizes of the catalog tables can be far off (a catalog emptied and seeded again): refreshed.
    if (db.dialect === 'postgres') {
      await indexStage(conn);
      await analyzeCatalog(conn);
    }
    try {
      return await run(conn, copyIn, lines, brands, started, options);
    } finally {
      await dropStage(conn);
    }
  });
}

async function run(
  conn: Kysely<Database>,
  copyIn: CopyIn | null,
  lines: Lines,
  brands: ReadonlySet<string>,
  started: number,
  options: ImportOptions,
): Promise<ImportReport> {
  const asYouGo = copyIn !== null; // PostgreSQL
  const changes = noChanges();
  const batches = new BatchQueue(conn, copyIn, changes, options.firstLoad ?? FIRST_LOAD);
  await batches.start();
  // PostgreSQL: the import's one transaction. SQLite: the staging's, on the temporary database only.
  await sql`begin`.execute(conn);
  // A batch's statements run once each: compiling them (JIT, for any statement over a few thousand rows) costs
  // more than it saves.
  if (asYouGo) await sql`set local jit = off`.execute(conn);
  let read: ReadResult;
  try {
    read = await readFeed(lines, brands, batches, options.productsPerBatch ?? PRODUCTS_PER_BATCH);
    await batches.drain();
  } catch (err) {
    await sql`rollback`.execute(conn);
    throw err;
  }
  const readDone = performance.now();
  const report = (r: Partial<ImportReport>): ImportReport => {
    const issues = [...read.issues, ...batches.clashes].sort((a, b) => a.line - b.line);
    const now = performance.now();
    return {
      imported: false,
      products: read.products,
      variants: read.variants,
      changes: null,
      firstLoad: batches.firstLoad,
      version: null,
      issues: issues.slice(0, MAX_REPORTED_ISSUES),
      issueCount: issues.length,
      ...r,
      ms: { read: Math.round(readDone - started), merge: Math.round(now - readDone), total: Math.round(now - started) },
    };
  };
  if (read.issues.length || batches.clashes.length) {
    await sql`rollback`.execute(conn);
    return report({});
  }
  if (!asYouGo) {
    await sql`commit`.execute(conn);
    await indexStage(conn);
    await sql`begin immediate`.execute(conn); // the write lock first, as src/server/db/transaction.ts does
  }
  try {
    if (!asYouGo) {
      batches.clashes.push(...(await findClashes(conn)));
      if (batches.clashes.length) {
        await sql`rollback`.execute(conn);
        return report({});
      }
      await mergeStage(conn, batches.columns, changes);
    }
    await batches.restoreKeys();
    const changed = Object.values(changes).some((n) => n > 0);
    const version = await bumpVersion(conn, changed, new Date().toISOString());
    await sql`commit`.execute(conn);
    return report({ imported: true, changes, version });
  } catch (err) {
    await sql`rollback`.execute(conn);
    throw err;
  }
}

interface ReadResult {
  products: number;
  variants: number;
  issues: ImportIssue[];
}

/** Reads and checks every line, handing good batches to `batches` until the first problem; checking goes on. */
async function readFeed(lines: Lines, brands: ReadonlySet<string>, batches: BatchQueue, perBatch: number): Promise<ReadResult> {
  let rows = emptyFeedRows();
  let lineOf = new Map<object, number>();
  const productLine = new Map<string, number>();
  const skuLine = new Map<string, number>();
  const slugLine = new Map<string, number>();
  const issues: ImportIssue[] = [];
  let lineNo = 0;
  let products = 0;
  let variants = 0;
  let inBatch = 0;
  for await (const text of lines) {
    lineNo++;
    // Lets the database's replies in between lines: a batch's statements go one after another, each sent when the
    // last one's answer has been read, so the database would otherwise wait for a whole chunk of lines each time.
    if (batches.busy) await new Promise(setImmediate);
    if (!text.trim()) continue;
    products++;
    const parsed = parseFeedLine(text, brands);
    if (!parsed.product) {
      const id = /"id"\s*:\s*"([^"]{1,64})"/.exec(text)?.[1] ?? null;
      for (const issue of parsed.issues) issues.push({ line: lineNo, product: id, ...issue });
      continue;
    }
    const p = parsed.product;
    const seen = (map: Map<string, number>, key: string, field: string, what: string) => {
      const first = map.get(key);
      if (first === undefined) map.set(key, lineNo);
      else issues.push({ line: lineNo, product: p.id, field, message: `${what} "${key}" is also on line ${first}` });
    };
    seen(productLine, p.id, 'id', 'product');
    p.colors.forEach((c, ci) => {
      c.variants.forEach((v, vi) => {
        variants++;
        seen(skuLine, v.sku, `colors[${ci}].variants[${vi}].sku`, 'SKU');
      });
    });
    const firstVariant = rows.variants.length;
    const productRow = toRows(p, rows);
    seen(slugLine, productRow.slug, 'slug', 'slug');
    if (issues.length || batches.failed) {
      for (const t of FEED_TABLES) rows[t].length = 0; // nothing more is staged; the rest is only checked
      continue;
    }
    lineOf.set(productRow, lineNo);
    for (let i = firstVariant; i < rows.variants.length; i++) lineOf.set(rows.variants[i]!, lineNo);
    if (++inBatch === perBatch) {
      await batches.add(rows, lineOf);
      rows = emptyFeedRows();
      lineOf = new Map();
      inBatch = 0;
    }
  }
  if (inBatch && !issues.length) await batches.add(rows, lineOf);
  return { products, variants, issues };
}

/**
 * Batches of rows on their way to the database, one after another on the import's connection; the reader goes on
 * parsing while the database works, up to BATCHES_AHEAD batches ahead. With `asYouGo`, each batch is checked
 * against the catalog and merged as soon as it is staged.
 */
class BatchQueue {
  readonly clashes: Clash[] = [];
  readonly #conn: Kysely<Database>;
  readonly #writer: StageWriter;
  readonly #asYouGo: boolean;
  readonly #changes: MergeChanges;
  readonly #pending: Promise<void>[] = [];
  #tail: Promise<void> = Promise.resolve();
  /** Products and variants in the catalog when its tables were last analyzed, and how many were new by then. */
  #countedSize = 0;
  #grownAtCount = 0;
  readonly #firstLoadRule: FirstLoadRule;
  /** Products in the catalog at the start, and staged since. */
  #catalogProducts = 0;
  #staged = 0;
  /** Whether the first-load path is still to be decided (undefined), was not taken (null), or the keys it dropped. */
  #droppedKeys: ForeignKey[] | null | undefined;
  #inFlight = 0;
  #failure: unknown;

  /** PostgreSQL: counts the catalog (its tables were just analyzed) so that its growth can be followed. */
  async start(): Promise<void> {
    if (!this.#asYouGo) return;
    const size = await catalogSize(this.#conn);
    this.#countedSize = size.products + size.variants;
    this.#catalogProducts = size.products;
    if (this.#catalogProducts > this.#firstLoadRule.maxCatalogProducts) this.#droppedKeys = null;
  }

  /** `copyIn` on PostgreSQL, which merges each batch as it goes; null on SQLite. */
  constructor(conn: Kysely<Database>, copyIn: CopyIn | null, changes: MergeChanges, firstLoad: FirstLoadRule) {
    this.#conn = conn;
    this.#writer = new StageWriter(conn, copyIn);
    this.#asYouGo = copyIn !== null;
    this.#changes = changes;
    this.#firstLoadRule = firstLoad;
    if (!this.#asYouGo) this.#droppedKeys = null;
  }

  /** True when the catalog's keys were dropped for a first load (and are added back by `restoreKeys`). */
  get firstLoad(): boolean {
    return Boolean(this.#droppedKeys);
  }

  /** Adds back the keys a first load dropped, each checked against every row; throws on a row that breaks one. */
  async restoreKeys(): Promise<void> {
    if (this.#droppedKeys) await restoreForeignKeys(this.#conn, this.#droppedKeys);
  }

  /**
   * Takes the first-load path once the staged products reach the rule's count, if the catalog was small enough at
   * the start and this role may alter its tables; otherwise the keys stay and check each row.
   */
  async #decideFirstLoad(): Promise<void> {
    if (this.#droppedKeys !== undefined || this.#staged < this.#firstLoadRule.minFeedProducts) return;
    const keys = await catalogForeignKeys(this.#conn);
    this.#droppedKeys = keys && (await dropForeignKeys(this.#conn, keys)) ? keys : null;
  }

  /** True while a batch is on its way. */
  get busy(): boolean {
    return this.#inFlight > 0;
  }

  get columns() {
    return this.#writer.columns;
  }

  /** True once the database refused a batch: nothing more can be staged. */
  get failed(): boolean {
    return this.#failure !== undefined;
  }

  async add(rows: FeedRows, lineOf: ReadonlyMap<object, number>): Promise<void> {
    this.#inFlight++;
    const write = this.#writer.prepare(rows, lineOf);
    const products = rows.products.length;
    this.#tail = this.#tail.then(() => this.#stage(write, products)).finally(() => this.#inFlight--);
    this.#pending.push(this.#tail);
    if (this.#pending.length > BATCHES_AHEAD) await this.#pending.shift();
  }

  /** Waits for every batch; throws what the database refused, unless a clash (reported as such) came first. */
  async drain(): Promise<void> {
    await this.#tail;
    this.#pending.length = 0;
    if (this.#failure !== undefined && this.clashes.length === 0) throw this.#failure;
  }

  async #joinsByLookUp(only: boolean): Promise<void> {
    const allowed = only ? sql`off` : sql`on`;
    await sql`set local enable_hashjoin = ${allowed}`.execute(this.#conn);
    await sql`set local enable_mergejoin = ${allowed}`.execute(this.#conn);
  }

  async #stage(write: () => Promise<void>, products: number): Promise<void> {
    if (this.#failure !== undefined) return;
    try {
      await write();
      if (!this.#asYouGo) return;
      this.#staged += products;
      await this.#decideFirstLoad();
      // After a clash, later batches are still checked (every clash is reported) but no longer merged. Checks and
      // merge look each staged row up by key: a batch is a few per cent of a catalog table, and the planner would
      // otherwise hash the batch and read the whole table (3 million variants) for every batch.
      await this.#joinsByLookUp(true);
      this.clashes.push(...(await findClashes(this.#conn)));
      if (this.clashes.length === 0) await mergeStage(this.#conn, this.#writer.columns, this.#changes);
      await this.#joinsByLookUp(false);
      await truncateStage(this.#conn);
      // A catalog that doubled since the planner last counted it is counted again: a plan made for a small table
      // (hash it whole) is the wrong one for every later batch once the table holds millions of rows.
      const grown = this.#changes.createdVariants + this.#changes.createdProducts;
      if (grown - this.#grownAtCount > this.#countedSize) {
        await analyzeCatalog(this.#conn);
        this.#countedSize += grown - this.#grownAtCount;
        this.#grownAtCount = grown;
      }
    } catch (err) {
      this.#failure ??= err;
    }
  }
}
