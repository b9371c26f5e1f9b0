import { expect, it } from 'vitest';
import { changeText, documentChanges } from '#src/lib/content/version-diff.ts';

const menu = (...names: string[]) => ({ entries: [{ heading: 'Tops', columns: [{ items: names.map((name) => ({ name, url: '/c/tops' })) }] }] });

it('names each changed field by its path, with what it was and what it became', () => {
  const older = menu('Jeans');
  const newer = { entries: [{ heading: 'Tops and tees', columns: [{ items: [{ name: 'Jeans', url: '/c/jeans' }] }] }] };
  expect(documentChanges(older, newer).map(changeText)).toEqual([
    'entries.0.heading: "Tops" → "Tops and tees"',
    'entries.0.columns.0.items.0.url: "/c/tops" → "/c/jeans"',
  ]);
});

it('shows an entry added in the middle of a list as one addition, not a change to every entry after it', () => {
  expect(documentChanges(menu('Jeans', 'Boots'), menu('Jeans', 'Scarves', 'Boots')).map(changeText)).toEqual([
    'entries.0.columns.0.items.1 added: {"name":"Scarves","url":"/c/tops"}',
  ]);
});

it('shows a removed entry with its content and a reordered entry as a move', () => {
  expect(documentChanges(menu('Jeans', 'Boots'), menu('Jeans')).map(changeText)).toEqual([
    'entries.0.columns.0.items.1 removed: {"name":"Boots","url":"/c/tops"}',
  ]);
  expect(documentChanges(menu('Jeans', 'Boots', 'Hats'), menu('Hats', 'Jeans', 'Boots'))).toEqual([
    { kind: 'moved', path: 'entries.0.columns.0.items.2', to: 'entries.0.columns.0.items.0' },
  ]);
});

it('finds nothing between two equal versions', () => {
  expect(documentChanges(menu('Jeans'), menu('Jeans'))).toEqual([]);
});
