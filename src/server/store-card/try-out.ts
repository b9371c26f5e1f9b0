import { randomInt } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { openStoreCardAccount } from './accounts.ts';

/**
 * A store card to try the store with by hand (`npm run store-card`): $500.00 of credit and 1,250 points, billed at
 * the given ZIP code, held by the account with the e-mail (its saved payment instruments and header show it) or by
 * no account (a guest pays with the number and the ZIP code). The number is answered once: only its hash is kept.
 */
export const TRY_OUT_LIMIT_CENTS = 500_00;
export const TRY_OUT_POINTS = 1250;

export async function giveTryOutStoreCard(db: Db, input: { email: string | null; billingPostalCode: string }): Promise<{ number: string } | null> {
  const customer = input.email
    ? await db.kysely
        .selectFrom('customers')
        .select(['id', 'first_name', 'last_name'])
        .where('email', '=', input.email.toLowerCase())
        .executeTakeFirst()
    : { id: null, first_name: 'Guest', last_name: 'Cardholder' };
  if (!customer) return null;
  const number = `627800${String(randomInt(0, 1e10)).padStart(10, '0')}`;
  await openStoreCardAccount(db, {
    number,
    customerId: customer.id,
    firstName: customer.first_name,
    lastName: customer.last_name,
    billingPostalCode: input.billingPostalCode,
    creditLimitCents: TRY_OUT_LIMIT_CENTS,
    points: TRY_OUT_POINTS,
  });
  return { number };
}
