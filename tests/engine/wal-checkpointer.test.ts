import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openSqlite } from '#src/server/db/node-sqlite-dialect.ts';
import { startWalCheckpointer } from '#src/server/db/wal-checkpointer.ts';

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
