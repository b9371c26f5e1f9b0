/**
 * Statements (round trips) this process has sent to its database, counted in the driver (db/pg-pool.ts, and
 * db/node-sqlite-dialect.ts for SQLite): what `npm run bench` prints per target, and what tests hold as a size. Kept on
 * globalThis, as the database handle is (db/database.ts), because the server bundle and the HTTP server each load
 * their own copy of this module.
 */
const COUNT = Symbol.for('storefront.db.statements');
const UNNAMED = Symbol.for('storefront.db.unnamed-statements');
type WithCount = typeof globalThis & { [COUNT]?: number; [UNNAMED]?: number };

/**
 * One statement sent; `unnamed` when PostgreSQL parses and plans it at this call (not one the connection prepared by
 * name, db/statement-names.ts, nor a transaction's BEGIN or COMMIT).
 */
export function countStatement(unnamed = false): void {
  const g = globalThis as WithCount;
  g[COUNT] = (g[COUNT] ?? 0) + 1;
  if (unnamed) g[UNNAMED] = (g[UNNAMED] ?? 0) + 1;
}

/** Statements PostgreSQL has parsed and planned at their call, so far: what the hot paths keep at none. */
export function unnamedStatementsSent(): number {
  return (globalThis as WithCount)[UNNAMED] ?? 0;
}

/** Statements sent so far by this process. */
export function statementsSent(): number {
  return (globalThis as WithCount)[COUNT] ?? 0;
}

/**
 * Answers a parent process's 'statements' message with the count (`{ statements: n }`), when this process was
 * started with an IPC channel (the bench starts the server so): nothing is listened to otherwise.
 */
export function answerStatementCount(): void {
  if (!process.send) return;
  process.on('message', (message) => {
    if (message === 'statements') process.send?.({ statements: statementsSent() });
  });
}
