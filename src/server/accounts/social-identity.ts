import type { Db } from '../db/database.ts';
import { endOtherSessions } from '../session/session.ts';
import type { SocialClaims } from '../social/flow.ts';
import { createCustomer, findCustomer, findCustomerByEmail } from './accounts.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';

/**
 * The account for a social identity: already linked, else the account with the same (provider-verified) e-mail,
 * else a new one. Linking to an account whose e-mail was never verified on our side first takes it back from
 * whoever registered it: anyone can register someone else's address with a password of their own and wait for
 * the owner to arrive. The provider has just shown the address is this shopper's, so that password is removed and
 * every session of the account ends; the owner signs in with the provider (or sets a password by reset).
 */
export async function accountForSocialIdentity(db: Db, provider: string, claims: SocialClaims): Promise<Customer> {
  const linked = await db.kysely
    .selectFrom('social_identities')
    .select('customer_id')
    .where('provider', '=', provider)
    .where('subject', '=', claims.sub)
    .executeTakeFirst();
  if (linked) {
    const customer = await findCustomer(db, linked.customer_id);
    if (customer) return customer;
  }
  const existing = await findCustomerByEmail(db, claims.email);
  if (existing) {
    const row = await db.kysely.selectFrom('customers').select('email_verified_at').where('id', '=', existing.id).executeTakeFirstOrThrow();
    if (!row.email_verified_at) {
      await db.kysely
        .updateTable('customers')
        .set({ password_hash: null, email_verified_at: new Date().toISOString() })
        .where('id', '=', existing.id)
        .execute();
      await endOtherSessions(db, existing.id, null);
    }
  }
  const customer =
    (existing && (await findCustomer(db, existing.id))) ??
    (await createCustomer(db, { email: claims.email, firstName: claims.firstName, lastName: claims.lastName, password: null, emailVerified: true }));
  await db.kysely
    .insertInto('social_identities')
    .values({ provider, subject: claims.sub, customer_id: customer.id })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
  return customer;
}
