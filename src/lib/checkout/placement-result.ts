import type { Bag } from '../commerce/bag.ts';

/**
 * A placement's result in the engine's terms: what the commerce API answers (src/lib/commerce-api/commerce-api.ts),
 * and what the attempt log stores for the key's replay (docs/decisions.md "Placement in three short transactions"). `bag` is the
 * bag as it stands after the placement (empty once the order is placed); the endpoints make the spec's order result
 * from it (src/lib/api/wire.ts placementToWire).
 */
export interface PlacementResult {
  confirmationStatus: 'confirmed' | 'failed';
  orderNo: string | null;
  /** The order's reference for the order cookie (src/web/http/order-cookie.ts); null when none was placed. */
  orderId: string | null;
  /** The total the placement charged or refused, in cents (what the shopper saw, when it was confirmed). */
  orderTotal: number;
  message: string | null;
  bag: Bag | null;
  basketId: string | null;
}

/** A placement as the engine answers it: the HTTP status its refusal carries, and whether the key's reply was replayed. */
export interface PlacementReply {
  status: number;
  result: PlacementResult;
  replayed: boolean;
}
