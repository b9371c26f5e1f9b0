/**
 * Forgetting the perks status kept for the session (./perks.ts): the membership may have changed (joined, an order
 * placed), so the next load asks the server again. A module of its own so that the checkout and express stores, which
 * only forget it, do not bring the status's loading with them.
 */
export const PERKS_STATUS_KEY = 'perks-status';

/** How many times the status was forgotten on this page: a question asked before the last forget is not reused. */
export let forgotten = 0;

export function forgetPerksStatus(): void {
  sessionStorage.removeItem(PERKS_STATUS_KEY);
  forgotten++;
}
