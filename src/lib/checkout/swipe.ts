/**
 * Swipe back between checkout steps (product spec §4 "Step choice"; constants §9): a swipe left of more than 100 px,
 * mostly horizontal, under 500 ms, with vertical movement within 150 px, goes back to the previous step.
 */
export const SWIPE_BACK = { MIN_DISTANCE_PX: 100, MAX_DURATION_MS: 500, MAX_VERTICAL_PX: 150 } as const;

export interface TouchPoint {
  x: number;
  y: number;
  time: number;
}

export function isSwipeBack(start: TouchPoint, end: TouchPoint): boolean {
  const dx = start.x - end.x;
  const dy = Math.abs(end.y - start.y);
  return dx > SWIPE_BACK.MIN_DISTANCE_PX && dx > dy && dy <= SWIPE_BACK.MAX_VERTICAL_PX && end.time - start.time < SWIPE_BACK.MAX_DURATION_MS;
}
