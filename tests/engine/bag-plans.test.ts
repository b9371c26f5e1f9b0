import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { setEmail, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { createDb, type Db } from '#src/server/db/database.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';

/**
 * A statement that names a bag by its id reads the bags' table by its primary key, whatever the table held when the
 * statement was planned. PostgreSQL plans a named statement once per connection and keeps that plan (a generic plan,
 * made without the call's values). Made while the table is new, such a plan may read any index the statement's
 * conditions allow, as cheap as the key while the table is empty: one holding every open bag, filtered by id, makes
 * each bag read grow with the number of bags. Here each statement is planned as PostgreSQL plans a kept one, on a
 * store with no bag yet (SQLite: its query plan). Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
let db: Db;
const sent: CompiledQuery[] = [];

beforeAll(async () => {
  t = await freshDb();
  const log = (event: { level: string; query: CompiledQuery }) => void sent.push(event.query);
  db = PG_URL ? createDb({ databaseUrl: PG_URL, pgSchema: t.pgSchema, poolSize: 2, log }) : createDb({ sqliteFile: t.file, log });
});
afterAll(async () => {
  await db.kysely.destroy();
  await t.cleanup();
});

/** How each table of the plan is read: `table index` (or `table scan`) per access, from EXPLAIN. */
async function accesses(query: CompiledQuery): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows: plan } = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    // SQLite names a table by its alias in the statement (`"baskets" as "b"`).
    const table = new Map([...query.sql.matchAll(/"(\w+)" as "(\w+)"/g)].map((m) => [m[2]!, m[1]!]));
    return plan.flatMap(({ detail }) => {
      const m = /^(?:SEARCH|SCAN) (\w+)(?: USING (?:COVERING )?(?:INDEX (\w+)|(INTEGER PRIMARY KEY)))?/.exec(detail);
      return m ? [`${table.get(m[1]!) ?? m[1]} ${m[2] ?? m[3] ?? 'scan'}`] : [];
    });
  }
  return db.kysely.connection().execute(async (conn) => {
    await sql`prepare planned as ${sql.raw(query.sql)}`.execute(conn);
    await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
    try {
      const values = query.parameters.map((v) => (v === null ? 'null' : `'${String(v).replaceAll("'", "''")}'`)).join(', ');
      const { rows } = await sql<{
        'QUERY PLAN': [{ Plan: PlanNode }];
      }>`explain (format json) execute planned${sql.raw(values ? `(${values})` : '')}`.execute(conn);
      const found: string[] = [];
      const walk = (node: PlanNode) => {
        // A table's rows are read by a scan node (a write's own node names its table too, and reads nothing).
        const index = node['Node Type'] === 'Bitmap Heap Scan' ? node.Plans?.[0]?.['Index Name'] : node['Index Name'];
        if (node['Relation Name'] && node['Node Type'].endsWith('Scan')) found.push(`${node['Relation Name']} ${index ?? 'scan'}`);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(rows[0]!['QUERY PLAN'][0].Plan);
      return found;
    } finally {
      await sql`deallocate planned`.execute(conn);
      await sql`reset plan_cache_mode`.execute(conn);
    }
  });
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The statements `run` sends that read or write the bags' table by a bag's id. */
async function bagStatements(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  sent.length = 0;
  await run();
  return sent.filter((q) => /"baskets"|\bbaskets\b/.test(q.sql) && !/^\s*(begin|commit|rollback)/i.test(q.sql));
}

const refusedAsMissing = (step: Promise<unknown>) => expect(step).rejects.toMatchObject({ code: 'not_found' });

const BY_KEY = /^baskets (baskets_pkey|sqlite_autoindex_baskets_1)$/;

describe('statements that name a bag', () => {
  it.each([
    ['the bag read', () => readBasket(db.kysely, randomUUID())],
    // A bag that does not exist: each step sends its statements, then is refused as not found.
    ['a checkout step write', () => refusedAsMissing(setEmail(db, randomUUID(), 'ada@example.com', false))],
    ['the address step with its bag guard', () => refusedAsMissing(setShippingAddress(db, randomUUID(), TEST_ADDRESS, null))],
  ])('%s reads the bags by their primary key', async (_, run) => {
    const statements = await bagStatements(run);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const bags = (await accesses(statement)).filter((a) => a.startsWith('baskets '));
      expect({ sql: statement.sql, bags }).toEqual({ sql: statement.sql, bags: bags.map(() => expect.stringMatching(BY_KEY)) });
      expect(bags.length).toBeGreaterThan(0);
    }
  });
});
