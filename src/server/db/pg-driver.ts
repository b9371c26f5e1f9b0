import { createRequire } from 'node:module';
import type * as Pg from 'pg';
import type * as PgCopyStreams from 'pg-copy-streams';

const load = createRequire(import.meta.url);
let driver: typeof Pg | undefined;

/**
 * node-postgres, loaded the first time a PostgreSQL store needs it: a store on SQLite never loads it (about 4 MB of
 * a server's memory). Numbers come back as numbers: PostgreSQL returns COUNT and SUM as bigint strings, and every
 * number the store keeps fits in a JS number.
 */
export function pgDriver(): typeof Pg {
  if (!driver) {
    const pg = load('pg') as typeof Pg;
    const { INT8, NUMERIC, FLOAT4, FLOAT8 } = pg.types.builtins;
    for (const type of [INT8, NUMERIC, FLOAT4, FLOAT8]) pg.types.setTypeParser(type, Number);
    driver = pg;
  }
  return driver;
}

/** COPY … FROM STDIN for a pg client (the catalog import's staging), loaded as the driver is. */
export const copyFrom = (statement: string) => (load('pg-copy-streams') as typeof PgCopyStreams).from(statement);
