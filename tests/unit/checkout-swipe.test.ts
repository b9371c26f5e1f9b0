import { describe, expect, it } from 'vitest';
import { isSwipeBack } from '#src/lib/checkout/swipe.ts';

const at = (x: number, y: number, time: number) => ({ x, y, time });

describe('swipe back between checkout steps (product spec §4: over 100 px left, under 500 ms, vertical within 150 px)', () => {
  it('a quick, mostly horizontal swipe left of more than 100 px goes back', () => {
    expect(isSwipeBack(at(300, 400, 0), at(180, 420, 300))).toBe(true);
  });
  it('100 px exactly is not enough', () => {
    expect(isSwipeBack(at(300, 400, 0), at(200, 400, 100))).toBe(false);
  });
  it('500 ms or slower is not a swipe', () => {
    expect(isSwipeBack(at(300, 400, 0), at(100, 400, 500))).toBe(false);
  });
  it('more than 150 px of vertical movement is a scroll, not a swipe', () => {
    expect(isSwipeBack(at(400, 100, 0), at(200, 260, 200))).toBe(false);
  });
  it('a swipe right does not go back', () => {
    expect(isSwipeBack(at(100, 400, 0), at(300, 400, 200))).toBe(false);
  });
  it('mostly vertical movement is not a swipe even within the limits', () => {
    expect(isSwipeBack(at(300, 100, 0), at(180, 240, 200))).toBe(false);
  });
});
