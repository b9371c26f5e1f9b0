import { getDb } from '../db/database.ts';
import { activeMembership } from './memberships.ts';
import type { SubscriptionStatus } from '#src/lib/api/replies/perks.ts';
import type { Implementation, PerksApi } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';

/** The perks facade: what pages and endpoints ask of the membership. */
type SessionRead = Pick<CallSession, 'session'>;

/** The visitor's membership now: none for a guest. */
export async function subscriptionStatus(locals: SessionRead): Promise<SubscriptionStatus> {
  const { customerId } = await locals.session();
  const membership = customerId ? await activeMembership((await getDb()).kysely, customerId) : null;
  return { isMember: !!membership, programmeName: membership?.name ?? null, endsAt: membership?.endsAt ?? null };
}

/** The perks resource of the commerce API (src/lib/commerce-api/commerce-api.ts PerksApi). */
export const perksOperations: Implementation<CallSession, PerksApi> = { status: subscriptionStatus };
