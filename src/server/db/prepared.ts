import { CompiledQuery, sql, type Compilable, type QueryResult } from 'kysely';
import { nameStatement } from './statement-names.ts';
import type { Tx } from './transaction.ts';

/**
 * A query built and compiled once per SQL dialect, then run with each call's parameter values. Building a large
 * Kysely query (every step copies and freezes its node tree) costs more than SQLite takes to run it: a basket read's
 * five queries spent about twice as long being built as being executed. Use it for hot, fixed-shape queries only:
 * a parameter must be a single value (no arrays, whose length would change the SQL), and the builder must only pass it
 * on as a value (a marker string stands in for it while the query is compiled). On PostgreSQL each is also prepared
 * by name once per connection (db/statement-names.ts).
 */
export type Param = string | number | null;
type Slot = { param: number } | { value: unknown };

const dialects = new WeakMap<object, 'postgres' | 'sqlite'>();

/**
 * 'postgres' or 'sqlite', told apart by the placeholder style the instance compiles to: a probe made once per dialect
 * adapter, which a database handle shares with every transaction and connection opened on it (each of those is an
 * object of its own, and a write transaction is opened for most writes).
 */
export function dialectOf(tx: Tx): 'postgres' | 'sqlite' {
  const adapter = tx.getExecutor().adapter;
  let d = dialects.get(adapter);
  if (!d) {
    d = tx.selectNoFrom(sql<number>`${1}`.as('x')).compile().sql.includes('$1') ? 'postgres' : 'sqlite';
    dialects.set(adapter, d);
  }
  return d;
}

/**
 * The read with `FOR UPDATE` where the engine has row locks (PostgreSQL), told from the transaction alone, as a
 * prepared statement's builder is given it; SQLite's immediate transaction already excludes writers (lockClause in
 * db/transaction.ts is the same for a caller holding the database handle).
 */
export function lockedRead<QB extends { forUpdate(): QB }>(tx: Tx, qb: QB): QB {
  return dialectOf(tx) === 'postgres' ? qb.forUpdate() : qb;
}

/** A prepared query's statement for one call: run, or sent with others (db/write-batch.ts). */
type Planned<P extends Param[], R> = ((tx: Tx, ...params: P) => Promise<QueryResult<R>>) & { compiled: (tx: Tx, ...params: P) => CompiledQuery<R> };

function plannedQuery<P extends Param[], R>(build: (tx: Tx, ...params: P) => Compilable<R>): Planned<P, R> {
  const plans = new Map<string, { sql: string; slots: Slot[] }>();
  const compiled = (tx: Tx, ...params: P): CompiledQuery<R> => {
    const dialect = dialectOf(tx);
    let plan = plans.get(dialect);
    if (!plan) {
      // Built with a marker in each parameter's place, so the compiled parameter list says where each one goes.
      const markers = params.map((_, i) => `\u0000prepared-parameter-${i}\u0000`) as P;
      const built = build(tx, ...markers).compile();
      const slots = built.parameters.map((p): Slot => {
        const i = markers.indexOf(p as string);
        return i >= 0 ? { param: i } : { value: p };
      });
      plan = { sql: built.sql, slots };
      plans.set(dialect, plan);
      if (dialect === 'postgres') nameStatement(plan.sql);
    }
    const values = plan.slots.map((s) => ('param' in s ? params[s.param] : s.value));
    return CompiledQuery.raw(plan.sql, values) as CompiledQuery<R>;
  };
  return Object.assign((tx: Tx, ...params: P) => tx.executeQuery<R>(compiled(tx, ...params)), { compiled });
}

/** A read (or a write with RETURNING): its rows. */
export function prepared<P extends Param[], R>(build: (tx: Tx, ...params: P) => Compilable<R>): (tx: Tx, ...params: P) => Promise<R[]> {
  const run = plannedQuery(build);
  return async (tx, ...params) => (await run(tx, ...params)).rows;
}

/** A write: how many rows it changed; `compiled` gives its statement for a call, to send with others. */
export function preparedWrite<P extends Param[]>(
  build: (tx: Tx, ...params: P) => Compilable<unknown>,
): ((tx: Tx, ...params: P) => Promise<number>) & { compiled: (tx: Tx, ...params: P) => CompiledQuery } {
  const run = plannedQuery(build);
  return Object.assign(async (tx: Tx, ...params: P) => Number((await run(tx, ...params)).numAffectedRows ?? 0), { compiled: run.compiled });
}

/**
 * A write of one row given as an object, for a statement with many columns (an order has twenty-odd): the columns
 * are listed once, and a call passes the row by column name, not twenty values in a row that must line up.
 */
export function preparedRowWrite<R extends Record<string, Param>>(
  columns: readonly (keyof R & string)[],
  build: (tx: Tx, row: R) => Compilable<unknown>,
): ((tx: Tx, row: R) => Promise<number>) & { compiled: (tx: Tx, row: R) => CompiledQuery } {
  const run = preparedWrite((tx: Tx, ...values: Param[]) => build(tx, Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null])) as R));
  const valuesOf = (row: R) => columns.map((c) => row[c] as Param);
  return Object.assign((tx: Tx, row: R) => run(tx, ...valuesOf(row)), { compiled: (tx: Tx, row: R) => run.compiled(tx, ...valuesOf(row)) });
}

/**
 * Writes whose SQL varies with a few shapes of call (the columns a change names, say): one preparedWrite per shape,
 * made with the first call's `build`, so `build` depends on the shape and its parameters alone. Shapes come from the
 * code's call sites, never from a request, so the map is as small as they are.
 */
export function preparedWritesByShape(): (
  shape: string,
  build: (tx: Tx, params: Param[]) => Compilable<unknown>,
) => (tx: Tx, ...params: Param[]) => Promise<number> {
  const writes = new Map<string, (tx: Tx, ...params: Param[]) => Promise<number>>();
  return (shape, build) => {
    let write = writes.get(shape);
    if (!write) {
      write = preparedWrite((tx: Tx, ...params: Param[]) => build(tx, params));
      writes.set(shape, write);
    }
    return write;
  };
}
