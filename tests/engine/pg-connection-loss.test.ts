import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { isDatabaseUnavailable } from '#src/server/db/unavailable.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';

/**
 * PostgreSQL ending the store's connections (a restart, a failover, pg_terminate_backend) does not end the process
 * (an `error` event nobody listens to would), loses no write half done, and the pool serves again at once. The whole
 * store under a real restart: tests/api/database-restart.spec.ts. PostgreSQL's alone: this runs in the PostgreSQL
 * pass, with DATABASE_URL set (.ci/run: `vitest run tests/engine`), and is reported skipped without it.
 */
const SKU = 'fb-1002-olv-M';

describe.runIf(PG_URL)('on PostgreSQL, when the server ends the connections', () => {
  let t: TestDb;
  const admin = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows;
    } finally {
      await client.end();
    }
  };
  const terminate = (pid: number) => admin('select pg_terminate_backend($1)', [pid]);
  const backendPid = async (client: pg.PoolClient) => Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
  const stock = async () => (await t.db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', SKU).executeTakeFirstOrThrow()).on_hand;

  beforeAll(async () => {
    t = await freshDb({ poolSize: 2 });
  });
  afterAll(() => t.cleanup());

  it('idle connections it ends are dropped from the pool, the process goes on, and the next query opens a fresh one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pool = t.db.pgPool!;
    const held = [await pool.connect(), await pool.connect()];
    const pids = await Promise.all(held.map(backendPid));
    for (const c of held) c.release();
    for (const pid of pids) await terminate(pid);
    await vi.waitFor(() => expect(pool.idleCount).toBe(0));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await stock()).toBeGreaterThan(0);
  });

  it('a transaction whose connection it ends rolls back, says the database is unavailable, and the pool serves again', async () => {
    const before = await stock();
    const failure = await withWriteTransaction(t.db, async (tx) => {
      await tx
        .updateTable('stock')
        .set({ on_hand: before + 1000 })
        .where('sku', '=', SKU)
        .execute();
      const { pid } = await tx.selectNoFrom((eb) => eb.fn<number>('pg_backend_pid').as('pid')).executeTakeFirstOrThrow();
      await terminate(pid);
      await tx.selectFrom('stock').select('on_hand').where('sku', '=', SKU).execute();
    }).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    expect(await stock()).toBe(before);
  });

  it('the first read of a checkout on a connection it had already ended runs again on a fresh one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pool = t.db.pgPool!;
    // The pool hands out the connection released last: the read below gets this one.
    const client = await pool.connect();
    const pid = await backendPid(client);
    client.release();
    // The pool has not heard yet that the server ended it (its socket is not read until the read below is sent).
    client.connection.stream.pause();
    await terminate(pid);
    await vi.waitFor(async () => expect(await admin('select 1 from pg_stat_activity where pid = $1', [pid])).toEqual([]));
    const read = stock();
    setTimeout(() => client.connection.stream.resume(), 50);
    expect(await read).toBeGreaterThan(0);
  });
});
