import { Worker } from 'node:worker_threads';
import type { WriteGate } from './write-gate.ts';

/**
 * SQLite's WAL checkpoints, off the request path. By default the connection that commits the transaction which
 * fills the WAL past 1,000 pages copies it back into the database file inside that COMMIT: measured under order
 * placement, 1.5 % of commits took 5 to 23 ms instead of 0.1 ms, and since the process has one connection every
 * request waited behind them (the placement p99). A worker thread with its own connection now checkpoints every
 * `intervalMs` in PASSIVE mode (it never waits for or blocks a writer or reader), on the other core; the request
 * connection keeps an automatic checkpoint only as a backstop at `backstopPages`, should the worker fall behind or
 * stop. The worker is unref'd: it never keeps the process alive.
 */
export interface WalCheckpointer {
  worker: Worker;
  /** One PASSIVE checkpoint by the worker now: the WAL's frames and how many are copied back, or null if it failed. */
  checkpointNow(timeoutMs: number): Promise<{ log: number; checkpointed: number } | null>;
  stop(): Promise<void>;
}

/** Written as plain JavaScript run with `eval`: the worker needs no module of ours, so no bundler has to find it. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    const r = checkpoint.get();
    if (workerData.report) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
    if (r.log >= workerData.restartPages && r.checkpointed === r.log) parentPort.postMessage({ restartDue: true });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); return; }
  if (m === 'checkpoint') {
    try {
      const r = checkpoint.get();
      parentPort.postMessage({ checkpointedNow: { log: r.log, checkpointed: r.checkpointed } });
    } catch (err) {
      parentPort.postMessage({ checkpointedNow: null, error: String(err && err.message || err) });
    }
  }
});
`;

export const BACKSTOP_PAGES = 10_000;

/**
 * Under steady writes the WAL is never found wholly copied back when a transaction begins, which is when SQLite
 * starts it again from the top, so it grew to the backstop, and the request connection's checkpoint there (an fsync
 * of whatever the worker had not copied, behind the worker's checkpoint lock) held every request for 14-46 ms, six
 * times in 2,000 orders: the placement p99. So once the worker has copied back a WAL of RESTART_PAGES or more, it says
 * so (`onRestartDue`), and `restartWal` holds this process's write transactions at their gate while the worker
 * copies back what is left: the next transaction then starts the WAL again from the top. (Made on the request
 * connection instead, that last checkpoint's fsync, 8-15 ms, would hold every request in the process about every
 * 200 adds to bag.)
 */
export const RESTART_PAGES = 1000;

export function startWalCheckpointer(
  file: string,
  options: { intervalMs?: number; report?: boolean; restartPages?: number; onRestartDue?: () => void } = {},
): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      intervalMs: options.intervalMs ?? 250,
      report: options.report ?? false,
      restartPages: options.restartPages ?? RESTART_PAGES,
    },
  });
  worker.unref();
  worker.on('error', (err) => console.error('[db] the WAL checkpointer stopped; commits checkpoint at the backstop', err));
  type Frames = { log: number; checkpointed: number };
  const waiting: ((r: Frames | null) => void)[] = [];
  worker.on('message', (m: { error?: string; restartDue?: boolean; checkpointedNow?: Frames | null }) => {
    if (m.error) console.error(`[db] a WAL checkpoint failed: ${m.error}`);
    if (m.restartDue) options.onRestartDue?.();
    if (m.checkpointedNow !== undefined) waiting.shift()?.(m.checkpointedNow);
  });
  return {
    worker,
    checkpointNow: (timeoutMs) =>
      new Promise((resolve) => {
        // A worker that does not answer in time (stopped, or stuck behind a lock) leaves the caller with null.
        const timer = setTimeout(() => {
          const i = waiting.indexOf(answer);
          if (i >= 0) waiting.splice(i, 1);
          resolve(null);
        }, timeoutMs);
        const answer = (r: Frames | null) => {
          clearTimeout(timer);
          resolve(r);
        };
        waiting.push(answer);
        worker.postMessage('checkpoint');
      }),
    stop: () =>
      new Promise((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}

/**
 * Restarts the WAL from the top (see RESTART_PAGES): with this process's write transactions held at the gate, the
 * worker copies back what is left, so the next transaction finds the WAL wholly copied and SQLite starts it again.
 * Writes made outside a write transaction may still land meanwhile; the WAL then starts again at a later try. One
 * restart at a time: a call while the gate is closed does nothing.
 */
export async function restartWal(gate: WriteGate, checkpointer: WalCheckpointer): Promise<void> {
  if (gate.closed) return;
  try {
    await gate.close();
    const r = await checkpointer.checkpointNow(RESTART_TIMEOUT_MS);
    if (r === null) console.error('[db] the WAL checkpointer did not restart the WAL; commits checkpoint at the backstop');
  } finally {
    gate.open();
  }
}

/** How long writes may wait at the gate for the worker's checkpoint (its fsync takes 5-15 ms here). */
const RESTART_TIMEOUT_MS = 2000;
