import { describe, expect, it, vi } from 'vitest';
import { reviewsShown, reviewsWidget } from '#src/lib/reviews/reviews-widget.ts';

describe('the reviews widget (product spec §6, §7, §8)', () => {
  it('loads version v5 in en_US from the configured domain, with its settings', () => {
    expect(reviewsWidget('widgets.reviews.example', '{"merchantId":"m-1"}')).toEqual({
      kind: 'remote',
      scriptUrl: 'https://widgets.reviews.example/v5/en_US/widget.js',
      config: { merchantId: 'm-1' },
    });
  });

  it('is the embedded default without a domain', () => {
    expect(reviewsWidget(undefined, '{"merchantId":"m-1"}')).toEqual({ kind: 'embedded' });
  });

  it('logs a configuration that does not parse, and falls back to the embedded default', () => {
    const log = vi.fn();
    expect(reviewsWidget('widgets.reviews.example', '{merchantId:', log)).toEqual({ kind: 'embedded' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/^\[reviews\] the widget's configuration could not be parsed/);
    const notObject = vi.fn();
    expect(reviewsWidget('widgets.reviews.example', '[1]', notObject)).toEqual({ kind: 'embedded' });
    expect(notObject).toHaveBeenCalledTimes(1);
  });

  it('is hidden for gift cards and e-gift cards (types 2 and 3)', () => {
    expect([1, 2, 3, 4].map(reviewsShown)).toEqual([true, false, false, true]);
  });
});
