import { SUPPORT_ID_MAX, SUPPORT_ID_MIN } from '../constants.ts';

/**
 * The checkout footer's support ID (checkout spec §9): a random whole number from SUPPORT_ID_MIN to SUPPORT_ID_MAX,
 * both included. `random` is Math.random's contract (0 ≤ r < 1), injected so a test can pin both ends.
 */
export function supportId(random: () => number = Math.random): number {
  return SUPPORT_ID_MIN + Math.floor(random() * (SUPPORT_ID_MAX - SUPPORT_ID_MIN + 1));
}
