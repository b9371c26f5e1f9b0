import { expect, it } from 'vitest';
import { lineDiff } from '#src/lib/content/line-diff.ts';

it('keeps the common lines and marks what was removed and added, in order', () => {
  expect(lineDiff('a\nb\nc', 'a\nx\nc\nd')).toEqual([
    { kind: 'same', text: 'a' },
    { kind: 'removed', text: 'b' },
    { kind: 'added', text: 'x' },
    { kind: 'same', text: 'c' },
    { kind: 'added', text: 'd' },
  ]);
});

it('of two equal texts says every line is the same', () => {
  expect(lineDiff('a\nb', 'a\nb').every((l) => l.kind === 'same')).toBe(true);
});
