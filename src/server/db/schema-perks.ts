/** The perks membership (migration 025-perks-memberships.ts explains each table). */

export interface PerksMembershipTable {
  customer_id: string;
  /** The brand that runs the programme (brand-settings.ts perksPromoId names its product). */
  programme: string;
  /** ISO instant: a member while now is before it. */
  ends_at: string;
  updated_at: string;
}

export interface PerksMembershipOrderTable {
  order_id: string;
  programme: string;
  customer_id: string;
  /** The end of membership this order set. */
  ends_at: string;
}
