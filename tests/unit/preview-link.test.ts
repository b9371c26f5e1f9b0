import { expect, it } from 'vitest';
import { isPreviewExpired, previewLink } from '#src/lib/content/preview-link.ts';

const paramsOf = (link: string) => new URL(link, 'http://store.test').searchParams;

it('a preview link shows its moment and content, and works for 24 hours after it was made', () => {
  const made = Date.parse('2030-06-01T12:00:00Z');
  const params = paramsOf(previewLink('2030-06-01T09:00', true, made));
  expect(params.get('at')).toBe('2030-06-01T09:00');
  expect(params.get('draft')).toBe('1');
  expect(isPreviewExpired(params, made + 24 * 60 * 60 * 1000)).toBe(false);
  expect(isPreviewExpired(params, made + 24 * 60 * 60 * 1000 + 1)).toBe(true);
});

it('an address whose end is not a number has run out; the workspace’s own frame has none', () => {
  expect(isPreviewExpired(new URLSearchParams({ until: 'later' }))).toBe(true);
  expect(isPreviewExpired(new URLSearchParams({ at: '2030-06-01T09:00' }))).toBe(false);
});
