import { getDb } from '../db/database.ts';
import { activeMembership } from './memberships.ts';
import type { SubscriptionStatus } from '#src/lib/api/replies/perks.ts';

/** The perks facade: what pages and endpoints ask of the membership. */
type SessionRead = Pick<App.Locals, 'session'>;

/** The visitor's membership now: none for a guest. */
export async function subscriptionStatus(locals: SessionRead): Promise<SubscriptionStatus> {
  const { customerId } = await locals.session();
  const membership = customerId ? await activeMembership((await getDb()).kysely, customerId) : null;
  return { isMember: !!membership, programmeName: membership?.name ?? null, endsAt: membership?.endsAt ?? null };
}
