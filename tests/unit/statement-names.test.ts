import { expect, it } from 'vitest';
import { COMPOSED_NAMES_MAX, nameComposed, nameStatement, statementName } from '#src/server/db/statement-names.ts';

it('names statements composed of prepared ones up to a bound, and runs the rest unnamed', () => {
  nameStatement('select 1 where $1');
  expect(statementName('select 1 where $1')).toMatch(/^store_\d+$/);
  const texts = Array.from({ length: COMPOSED_NAMES_MAX + 5 }, (_, i) => `with w0 as (select ${i}) select $1`);
  for (const text of texts) nameComposed(text);
  // Named again: the same name, not a second one.
  nameComposed(texts[0]!);
  const named = texts.filter((text) => statementName(text) !== undefined);
  expect(named).toEqual(texts.slice(0, COMPOSED_NAMES_MAX));
  expect(new Set(named.map(statementName)).size).toBe(COMPOSED_NAMES_MAX);
});
