import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FEED_TABLES, type FeedRows, type FeedTable } from './feed-rows.ts';
import { copyText, type CopyIn } from './import-connection.ts';

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

/** Bind parameters per statement: under SQLite's 32 766. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 1000;

/** The columns of each staged table, as the first row of each showed them (the line last where it has one). */
export type StageColumns = Record<FeedTable, string[]>;

/**
 * Writes rows into the staging tables. PostgreSQL: one COPY per table, its text made when the batch is handed over
 * (while the database still works on the batch before). SQLite: multi-row INSERTs of a fixed size, compiled once per
 * table and size (Kysely's builder compiling a 1 000-row insert costs more than SQLite takes to run it).
 */
export class StageWriter {
  readonly #conn: Kysely<Database>;
  readonly #copyIn: CopyIn | null;
  readonly columns = Object.fromEntries(FEED_TABLES.map((t) => [t, [] as string[]])) as StageColumns;
  readonly #compiled = new Map<string, string>();

  /** `copyIn` on PostgreSQL; null on SQLite. */
  constructor(conn: Kysely<Database>, copyIn: CopyIn | null) {
    this.#conn = conn;
    this.#copyIn = copyIn;
  }

  /** Gets `rows` ready to write (`lineOf`: the feed line of product and variant rows); the result writes them. */
  prepare(rows: FeedRows, lineOf: ReadonlyMap<object, number>): () => Promise<void> {
    const value = (row: Record<string, unknown>, c: string) => (c === 'line' ? (lineOf.get(row) ?? 0) : row[c]);
    const tables = FEED_TABLES.filter((t) => rows[t].length > 0).map((table) => {
      const list = rows[table] as Record<string, unknown>[];
      return { table, list, columns: this.#columnsOf(table, list[0]!) };
    });
    const copyIn = this.#copyIn;
    if (copyIn) {
      const copies = tables.map(({ table, list, columns }) => ({
        statement: sql`copy ${sql.table(stageName(table))} (${sql.join(columns.map((c) => sql.id(c)))}) from stdin`.compile(this.#conn).sql,
        chunks: copyText(list, columns, value),
      }));
      return async () => {
        for (const { statement, chunks } of copies) await copyIn(statement, chunks);
      };
    }
    return async () => {
      for (const { table, list, columns } of tables) {
        const perStatement = Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length));
        for (let start = 0; start < list.length; start += perStatement) {
          const batch = list.slice(start, start + perStatement);
          const values: unknown[] = [];
          for (const row of batch) for (const c of columns) values.push(value(row, c));
          await this.#conn.executeQuery(CompiledQuery.raw(this.#valuesSql(table, columns, batch.length), values));
        }
      }
    };
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
}
