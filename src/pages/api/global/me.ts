import { findCustomer } from '../../../server/accounts/accounts.ts';
import { getDb } from '../../../server/db/database.ts';
import { endpoint, success } from '../../../server/http/api.ts';

export const prerender = false;

/**
 * Who the visitor is, for the header after hydration (contract in src/lib/stores/customer.ts). Rewards records
 * arrive with the loyalty work; until then `rewards` is null.
 */
export const GET = endpoint(async ({ locals }) => {
  const session = await locals.session();
  const customer = session.customerId ? await findCustomer(await getDb(), session.customerId) : null;
  return success({ authenticated: !!customer, firstName: customer?.firstName ?? null, email: customer?.email ?? null, rewards: null });
});
