import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '#src/server/db/database.ts';
import { openSqlite } from '#src/server/db/node-sqlite-dialect.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { restartWal, startWalCheckpointer, type WalCheckpointer } from '#src/server/db/wal-checkpointer.ts';

const dir = mkdtempSync(join(tmpdir(), 'wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a worker thread checkpoints the WAL that commits on the request connection no longer checkpoint themselves', async () => {
  const file = join(dir, 'store.db');
  const db = openSqlite(file);
  // As if the backstop were never reached: the request connection does no checkpoint of its own.
  db.exec('PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let i = 0; i < 300; i++) insert.run('x'.repeat(500));
  const pending = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const checkpointer = startWalCheckpointer(file, { intervalMs: 20, report: true });
  try {
    // Each report is one PASSIVE checkpoint by the worker: wait for one that copied the whole WAL back.
    const done = await new Promise<{ log: number; checkpointed: number }>((resolve, reject) => {
      checkpointer.worker.on('error', reject);
      checkpointer.worker.on('message', (m: { log: number; checkpointed: number; error?: string }) => {
        if (m.error) reject(new Error(m.error));
        else if (m.log > 0 && m.checkpointed === m.log) resolve(m);
      });
    });
    expect(done.log).toBeGreaterThan(100);
    // The request connection finds nothing left to copy, and sees every row.
    const r = pending.get() as { log: number; checkpointed: number };
    expect(r.checkpointed).toBe(r.log);
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(300);
  } finally {
    await checkpointer.stop();
    db.close();
  }
});

it('once the worker has copied a large WAL back, it says so, and a checkpoint between transactions lets the WAL start again from the top', async () => {
  const file = join(dir, 'restart.db');
  const db = openSqlite(file);
  db.exec('PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let i = 0; i < 300; i++) insert.run('x'.repeat(500));
  const walFrames = () => (db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log;
  let dues = 0;
  const due = new Promise<void>((resolve) => {
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 20,
      restartPages: 100,
      onRestartDue: () => {
        dues++;
        resolve();
      },
    });
    afterAll(() => checkpointer.stop());
  });
  await due;
  expect(dues).toBeGreaterThan(0);
  // What the request connection then does: a checkpoint, and the next transaction writes from the top of the WAL.
  walFrames();
  insert.run('y');
  expect(walFrames()).toBeLessThan(10);
  db.close();
});

it('restarts the WAL under steady write transactions, the last copy made by the worker while writes wait at the gate', async () => {
  const file = join(dir, 'gate.db');
  const db = createDb({ sqliteFile: file });
  await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(db.kysely);
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(db.kysely);
  const gate = db.writeGate!;
  let restarts = 0;
  let answered = 0;
  // The worker's reports say how long the WAL is: without a restart it only grows, so a report shorter than the one
  // before means the WAL started again from the top (nothing else checkpoints here: a checkpoint by this test between
  // two transactions would restart it by itself).
  let previous = 0;
  let restarted = false;
  const checkpointer: WalCheckpointer = startWalCheckpointer(file, {
    intervalMs: 10,
    restartPages: 100,
    report: true,
    onRestartDue: () => {
      if (!gate.closed) void restartWal(gate, checkpointer).then(() => restarts++);
    },
  });
  checkpointer.worker.on('message', (m: { log?: number; checkpointedNow?: { log: number } | null }) => {
    if (m.checkpointedNow !== undefined) answered++;
    const log = m.log ?? m.checkpointedNow?.log;
    if (log === undefined) return;
    if (log < previous) restarted = true;
    previous = log;
  });
  try {
    // Until the WAL has started again and a gated restart has finished: the worker's own checkpoint may also find the
    // WAL wholly copied between two transactions and let it start again by itself.
    for (let i = 0; i < 20000 && !(restarted && restarts > 0); i++) {
      const answeredBefore = answered;
      const waitedAtGate = gate.closed;
      await withWriteTransaction(db, (tx) => sql`INSERT INTO t (v) VALUES (${'x'.repeat(2000)})`.execute(tx));
      // A transaction that came while the gate was closed ran only after the worker's answer.
      if (waitedAtGate) expect(answered).toBeGreaterThan(answeredBefore);
      // One turn of the event loop between transactions, as a server's requests have: the worker's messages come in.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(restarted).toBe(true);
    expect(restarts).toBeGreaterThan(0);
  } finally {
    await checkpointer.stop();
    await db.kysely.destroy();
  }
});
