import { CompiledQuery, type QueryResult } from 'kysely';
import { dialectOf } from './prepared.ts';
import { nameComposed, statementName } from './statement-names.ts';
import type { Tx } from './transaction.ts';

/**
 * Statements sent together, of which the caller reads only the last one's result: on PostgreSQL one statement, one
 * round trip (the others become data-modifying WITH queries of the last, which PostgreSQL runs to completion whatever
 * the last reads); on SQLite, where a statement is no round trip, one after another. On PostgreSQL they all see the
 * database as it was before the statement: none may read what another of them writes, nor may two of them write one
 * row. Only for statements compiled by Kysely, whose parameters are its numbered placeholders. When every part is a
 * prepared statement (db/prepared.ts), the whole is prepared by name too (db/statement-names.ts).
 */
export async function sendTogether<R>(tx: Tx, first: CompiledQuery[], last: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (first.length === 0) return tx.executeQuery(last);
  if (dialectOf(tx) !== 'postgres') {
    for (const q of first) await tx.executeQuery(q);
    return tx.executeQuery(last);
  }
  const parameters: unknown[] = [];
  // Each statement's placeholders, renumbered after the parameters of those before it.
  const text = (q: CompiledQuery) => {
    const offset = parameters.length;
    parameters.push(...q.parameters);
    return q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  };
  const withs = first.map((q, i) => `w${i} as (${text(q)})`).join(', ');
  const tail = text(last);
  // The last statement's own WITH queries join the list.
  const own = /^with\s/i.exec(tail);
  const sql = own ? `with ${withs}, ${tail.slice(own[0].length)}` : `with ${withs} ${tail}`;
  // Made of prepared statements only, its text is fixed for its shape: prepared by name as they are.
  if ([...first, last].every((q) => statementName(q.sql) !== undefined)) nameComposed(sql);
  return tx.executeQuery(CompiledQuery.raw(sql, parameters) as CompiledQuery<R>);
}
