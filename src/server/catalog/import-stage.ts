import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { FEED_TABLES, type FeedRows, type FeedTable } from './feed-rows.ts';

/**
 * The staging tables of an import: one temporary table per catalog table, private to the import's connection
 * (SQLite keeps temporary tables in a database of their own, PostgreSQL in the session's temporary schema), so
 * loading lines takes no lock on the catalog. The products and variants tables carry each row's feed line, for the
 * problems found while merging.
 */
export const stageName = (table: FeedTable) => `import_${table}`;
const WITH_LINE: ReadonlySet<FeedTable> = new Set(['products', 'variants']);

/**
 * Staging tables indexed on their key where the merge looks staged rows up from the catalog's side (the removal of
 * unlisted images, hemming options and restrictions; the products of a batch). Not variants, stock or colours: the
 * merge reads those from the stage and looks each row up in the catalog, and an index on the stage side would let
 * PostgreSQL's planner, when its idea of a catalog table's size is stale, walk the whole catalog table instead.
 */
const STAGE_KEYS: Partial<Record<FeedTable, string[]>> = {
  products: ['id'],
  product_media: ['id'],
  hemming_options: ['product_id', 'option_id'],
  product_shipping_restrictions: ['product_id', 'state_code'],
};

export async function dropStage(conn: Kysely<Database>): Promise<void> {
  for (const table of FEED_TABLES) await sql`drop table if exists ${sql.table(stageName(table))}`.execute(conn);
}

export async function createStage(conn: Kysely<Database>): Promise<void> {
  await dropStage(conn);
  for (const table of FEED_TABLES) {
    const line = WITH_LINE.has(table) ? sql`, 0 as line` : sql``;
    await sql`create temporary table ${sql.table(stageName(table))} as select *${line} from ${sql.table(table)} where 1 = 0`.execute(conn);
  }
}

export async function indexStage(conn: Kysely<Database>): Promise<void> {
  for (const [table, keys] of Object.entries(STAGE_KEYS) as [FeedTable, string[]][]) {
    const name = stageName(table);
    await sql`create index ${sql.id(`${name}_key`)} on ${sql.table(name)} (${sql.join(keys.map((k) => sql.id(k)))})`.execute(conn);
  }
}

/** Fresh planner statistics for the catalog tables an import writes (PostgreSQL). */
export async function analyzeCatalog(conn: Kysely<Database>): Promise<void> {
  for (const table of FEED_TABLES) await sql`analyze ${sql.table(table)}`.execute(conn);
}

/**
 * Empties the staging tables between PostgreSQL's batches. TRUNCATE, not DELETE: temporary tables are never
 * vacuumed, so deleted rows would stay in the file and every later batch would scan all of them again.
 */
export async function truncateStage(conn: Kysely<Database>): Promise<void> {
  await sql`truncate table ${sql.join(FEED_TABLES.map((t) => sql.table(stageName(t))))}`.execute(conn);
}

/** Bind parameters per statement: under SQLite's 32 766 and PostgreSQL's 65 535. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 1000;

/** The columns of each staged table, as the first row of each showed them (the line last where it has one). */
export type StageColumns = Record<FeedTable, string[]>;

/**
 * Writes rows into the staging tables. SQLite: multi-row INSERTs of a fixed size, compiled once per table and size
 * (Kysely's builder compiling a 1 000-row insert costs more than SQLite takes to run it). PostgreSQL: one INSERT
 * ... SELECT FROM unnest() per table with one array per column, which PostgreSQL parses far faster than thousands
 * of placeholders.
 */
export class StageWriter {
  readonly #conn: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly columns = Object.fromEntries(FEED_TABLES.map((t) => [t, [] as string[]])) as StageColumns;
  readonly #compiled = new Map<string, string>();
  #pgTypes: Map<string, string> | undefined;

  constructor(conn: Kysely<Database>, dialect: Dialect) {
    this.#conn = conn;
    this.#dialect = dialect;
  }

  /** Writes every row of `rows`; `lineOf` gives the feed line of product and variant rows. */
  async write(rows: FeedRows, lineOf: ReadonlyMap<object, number>): Promise<void> {
    for (const table of FEED_TABLES) {
      const list = rows[table] as Record<string, unknown>[];
      if (list.length === 0) continue;
      const columns = this.#columnsOf(table, list[0]!);
      const value = (row: Record<string, unknown>, c: string) => (c === 'line' ? (lineOf.get(row) ?? 0) : row[c]);
      if (this.#dialect === 'postgres') {
        await this.#unnest(table, columns, list, value);
        continue;
      }
      const perStatement = Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length));
      for (let start = 0; start < list.length; start += perStatement) {
        const batch = list.slice(start, start + perStatement);
        const values: unknown[] = [];
        for (const row of batch) for (const c of columns) values.push(value(row, c));
        await this.#conn.executeQuery(CompiledQuery.raw(this.#valuesSql(table, columns, batch.length), values));
      }
    }
  }

  #columnsOf(table: FeedTable, sample: Record<string, unknown>): string[] {
    if (this.columns[table].length === 0) this.columns[table] = [...Object.keys(sample), ...(WITH_LINE.has(table) ? ['line'] : [])];
    return this.columns[table];
  }

  #valuesSql(table: FeedTable, columns: string[], rows: number): string {
    const key = `${table}:${rows}`;
    let text = this.#compiled.get(key);
    if (!text) {
      const row = Object.fromEntries(columns.map((c) => [c, null]));
      text = this.#conn
        .insertInto(stageName(table) as never)
        .values(Array.from({ length: rows }, () => row) as never)
        .compile().sql;
      this.#compiled.set(key, text);
    }
    return text;
  }

  async #unnest(
    table: FeedTable,
    columns: string[],
    list: Record<string, unknown>[],
    value: (row: Record<string, unknown>, c: string) => unknown,
  ): Promise<void> {
    const types = await this.#typesOf();
    const name = stageName(table);
    const arrays = sql.join(columns.map((c, i) => sql`${sql.raw(`$${i + 1}`)}::${sql.raw(types.get(`${name}.${c}`) ?? 'text')}[]`));
    const text = sql`insert into ${sql.table(name)} (${sql.join(columns.map((c) => sql.id(c)))}) select * from unnest(${arrays})`.compile(
      this.#conn,
    ).sql;
    await this.#conn.executeQuery(
      CompiledQuery.raw(
        text,
        columns.map((c) => list.map((row) => value(row, c))),
      ),
    );
  }

  /** Column types of the staging tables (PostgreSQL), for the casts of unnest's arrays. */
  async #typesOf(): Promise<Map<string, string>> {
    if (!this.#pgTypes) {
      const { rows } = await sql<{ name: string; type: string }>`
        select c.relname || '.' || a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relname like 'import\\_%' and c.relpersistence = 't' and a.attnum > 0 and not a.attisdropped
          and c.relnamespace = pg_my_temp_schema()`.execute(this.#conn);
      this.#pgTypes = new Map(rows.map((r) => [r.name, r.type]));
    }
    return this.#pgTypes;
  }
}
