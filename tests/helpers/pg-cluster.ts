import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A throw-away PostgreSQL cluster of a test's own (scripts/pg-temp.sh), which the test stops and starts again: a
 * database restart (maintenance, a failover) is something it does to its own cluster, never to the one the other
 * tests share.
 */
export interface PgCluster {
  url: string;
  /** Fast shutdown: every connection is ended, as a restart or a failover ends them. */
  stop(): Promise<void>;
  /** Up again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  remove(): Promise<void>;
}

const run = promisify(execFile);
const pgTemp = async (script: string, env: Record<string, string> = {}) =>
  (await run('bash', ['-c', `source scripts/pg-temp.sh && ${script}`], { env: { ...process.env, ...env } })).stdout;

export async function ownCluster(): Promise<PgCluster> {
  const [dir, url] = (await pgTemp('pg_temp_start >&2 && echo "$PG_TEMP_DIR $DATABASE_URL"')).trim().split(' ');
  if (!dir || !url) throw new Error('pg-temp started no cluster');
  const at = { PG_TEMP_DIR: dir };
  return {
    url,
    stop: async () => void (await pgTemp('pg_temp_ctl stop', at)),
    start: async () => void (await pgTemp('pg_temp_ctl start', at)),
    remove: async () => void (await pgTemp('pg_temp_stop', at)),
  };
}
