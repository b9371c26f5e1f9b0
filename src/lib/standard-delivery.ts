import { DEFAULT_SHIPPING_METHOD_ID } from './constants.ts';

/**
 * Hemmed items ship by Standard Delivery (Regular) only (checkout spec §8). The server applies this rule when it
 * reads the bag, lists the methods and sets one; the bag shows what the server answers and never filters again.
 */
export const isStandardDeliveryOnly = (lines: readonly { hemmed: boolean }[]): boolean => lines.some((l) => l.hemmed);

/** Whether a bag may ship by `methodId`. */
export const methodAllowed = (methodId: string, standardOnly: boolean): boolean => !standardOnly || methodId === DEFAULT_SHIPPING_METHOD_ID;

/**
 * The method a bag is priced with: its stored choice, or Regular while that choice is not allowed (the choice comes
 * back when the hemmed line leaves, as the shopper made it).
 */
export const effectiveMethodId = (chosen: string, standardOnly: boolean): string =>
  methodAllowed(chosen, standardOnly) ? chosen : DEFAULT_SHIPPING_METHOD_ID;
