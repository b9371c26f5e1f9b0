// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Recommendations } from '#src/islands/product/Recommendations.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Header spec §4 "Recommendation carousel": the carousel waits 500 ms before asking for its set. */
it('asks for its set only after 500 ms, once', async () => {
  vi.useFakeTimers();
  const fetch = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => {})); // the reply never matters here
  vi.stubGlobal('fetch', fetch);
  render(<Recommendations criteria="similaritems" productId="fb-1001" />);
  await act(async () => void vi.advanceTimersByTime(499));
  expect(fetch).not.toHaveBeenCalled();
  await act(async () => void vi.advanceTimersByTime(1));
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]![0]).toBe('/api/global/recommendations');
  expect(JSON.parse((fetch.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ criteria: 'similaritems', productId: 'fb-1001' });
});

it('a server-rendered set (the bag page) shows at once, without asking', async () => {
  vi.useFakeTimers();
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  const { container } = render(<Recommendations criteria="cart-nextbestcategory" initial={{ headline: 'Goes with your bag', products: [] }} />);
  await act(async () => void vi.advanceTimersByTime(1000));
  expect(fetch).not.toHaveBeenCalled();
  expect(container.querySelector('.recs-pending')).toBeNull();
});
