import { findCustomer } from '../../../server/accounts/accounts.ts';
import { rewardsFor } from '../../../server/accounts/rewards.ts';
import { getDb } from '../../../server/db/database.ts';
import { endpoint, success } from '../../../server/http/api.ts';

export const prerender = false;

/** Who the visitor is, for the header after hydration (contract in src/lib/stores/customer.ts). */
export const GET = endpoint(async ({ locals }) => {
  const session = await locals.session();
  const db = await getDb();
  const customer = session.customerId ? await findCustomer(db, session.customerId) : null;
  const rewards = customer ? await rewardsFor(db, customer.id) : null;
  return success({
    authenticated: !!customer,
    firstName: customer?.firstName ?? null,
    email: customer?.email ?? null,
    rewards: rewards?.record ?? null,
    isPLCCHolder: rewards?.plccHolder ? 'Y' : 'N',
  });
});
