import type * as pg from 'pg';
import { pgDriver } from './pg-driver.ts';
import type { Db } from './database.ts';

/**
 * A PostgreSQL `LISTEN` on a connection of its own (a pooled one is handed to other work between queries, and a
 * notification is delivered only to the connection that listens). PostgreSQL delivers a `NOTIFY` when the transaction
 * that sent it commits, to every listening connection of the database, so every instance hears of a change at once.
 * The connection is made to outlive the server, as the pool is (db/pg-pool.ts): when it is lost it is opened again
 * every RECONNECT_MS until it is back. Each time it starts listening (the first time too) `heard` is called with no
 * payload: a change may have been made before. It never keeps the process up.
 */
const RECONNECT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 3_000;

export interface Listening {
  /** Whether the connection is listening now (a change is heard at once); when not, the caller checks for itself. */
  readonly connected: boolean;
  /** Settled once the first connection listens or has failed to. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export function listenTo(db: Db, channel: string, heard: (payload: string | undefined) => void): Listening {
  const options = db.pgPool!.options;
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    connected = false;
    c.removeAllListeners('notification');
    client = undefined;
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void open();
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  async function open() {
    const c = new (pgDriver().Client)({
      connectionString: options.connectionString,
      options: options.options,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => n.channel === channel && heard(n.payload));
    try {
      await c.connect();
      await c.query(`listen ${pgDriver().escapeIdentifier(channel)}`);
      // The socket alone never keeps the process (a script, a test) running.
      (c as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
      if (closed) return void (await c.end());
      connected = true;
      heard(undefined);
    } catch {
      lost(c);
      void c.end().catch(() => {});
    }
  }

  const ready = open();
  return {
    ready,
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      connected = false;
      await c?.end().catch(() => {});
    },
  };
}
