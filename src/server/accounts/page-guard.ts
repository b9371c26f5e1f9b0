import type { AstroGlobal } from 'astro';
import { getDb } from '../db/database.ts';
import { findCustomer, type Customer } from './accounts.ts';

/** For on-demand account pages: the signed-in customer, or null (the page then redirects to sign-in). */
export async function currentCustomer(Astro: AstroGlobal): Promise<Customer | null> {
  const session = await Astro.locals.session();
  return session.customerId ? findCustomer(await getDb(), session.customerId) : null;
}

export const signInUrl = (returnTo: string) => `/register?isopen=true&original=${encodeURIComponent(returnTo)}`;
