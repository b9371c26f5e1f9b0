/**
 * PostgreSQL: the SQL texts of the store's hot, fixed-shape queries (db/prepared.ts), each with a name, so that the
 * pool's connections prepare each once by its name and run it again from then on with only its values (db/pg-pool.ts):
 * PostgreSQL parses and plans it once per connection, not at every call. Only those queries: their text never varies
 * with a call's values, so their number is bounded. Kept on globalThis, as the pool is (db/database.ts).
 */
const NAMES = Symbol.for('storefront.db.statement-names');
type WithNames = typeof globalThis & { [NAMES]?: Map<string, string> };

const names = (): Map<string, string> => {
  const g = globalThis as WithNames;
  g[NAMES] ??= new Map();
  return g[NAMES];
};

/**
 * Statements composed of named ones (db/write-batch.ts: a placement's writes sent as one) are named too, at most this
 * many: each shape (so many lines, such tenders) is one text, and there are few of them in use, but their number has
 * no fixed bound. Beyond it they run unnamed, parsed and planned at each call.
 */
export const COMPOSED_NAMES_MAX = 200;
let composed = 0;

/** Names a text made of named statements only, while fewer than COMPOSED_NAMES_MAX have been. */
export function nameComposed(sql: string): void {
  if (names().has(sql) || composed >= COMPOSED_NAMES_MAX) return;
  composed++;
  nameStatement(sql);
}

/** Gives the SQL text a name its connections prepare it by. */
export function nameStatement(sql: string): void {
  const all = names();
  if (!all.has(sql)) all.set(sql, `store_${all.size + 1}`);
}

/** The name the SQL text is prepared by, or undefined for a statement run unnamed. */
export const statementName = (sql: string): string | undefined => names().get(sql);
