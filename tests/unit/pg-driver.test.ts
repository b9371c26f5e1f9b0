import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pgDriver } from '#src/server/db/pg-driver.ts';

const src = (path: string) => JSON.stringify(fileURLToPath(new URL(`../../src/server/${path}`, import.meta.url)));

describe('the PostgreSQL driver', () => {
  it('is never loaded by a store on SQLite, whose database, catalog stamp and import modules are all loaded', () => {
    // A process of its own: this test process may have loaded the driver already.
    const script = `
      import { createRequire } from 'node:module';
      const { createDb, migrate } = await import(${src('db/database.ts')});
      await import(${src('commerce/catalog-version.ts')});
      await import(${src('catalog/catalog-import.ts')});
      const db = createDb({ sqliteFile: ':memory:' });
      await migrate(db);
      await db.kysely.destroy();
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /[\\\\/]node_modules[\\\\/]pg(-[a-z]+)?[\\\\/]/.test(k));
      console.log(JSON.stringify(loaded));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    expect(run.stderr).not.toMatch(/Error/);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual([]);
  });

  it('answers bigint, numeric and float columns as numbers once loaded', () => {
    const { types } = pgDriver();
    const { INT8, NUMERIC, FLOAT4, FLOAT8 } = types.builtins;
    expect([INT8, NUMERIC, FLOAT4, FLOAT8].map((type) => types.getTypeParser(type)('1250'))).toEqual([1250, 1250, 1250, 1250]);
  });
});
