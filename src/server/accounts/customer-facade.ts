import type { APIContext } from 'astro';
import { plccInfoOf } from '../store-card/store-card-wallet.ts';
import { getDb } from '../db/database.ts';
import { storeOrigin } from '../config.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { clearSessionCookies } from '../http/session-cookies.ts';
import { authenticate, createCustomer, findCustomer, isRegistered, limitRegistrations } from './accounts.ts';
import type { Customer, ProgrammeStanding, SignInReply } from '#src/lib/commerce/customer.ts';
import { isResetLinkUsable, requestPasswordReset, resetPassword as resetWithToken, resetSentMessage } from './reset.ts';
import { programmeStanding, rewardsFor } from '../rewards/rewards-record.ts';
import type { BrandProgrammeId } from '#src/lib/rewards/programmes.ts';
import { endCustomerSession } from './sign-in.ts';
import { presentedDeviceCookie, signInReply } from './sign-in-reply.ts';
import { accountForSocialIdentity } from './social-identity.ts';
import { beginSocialSignIn, completeSocialSignIn } from '../social/flow.ts';
import { findProvider, socialProviders } from '../social/providers.ts';
import type { RewardsRecord } from '#src/lib/header/rewards.ts';
import type { RegisterSchema } from '#src/lib/schemas/account.ts';
import type * as v from 'valibot';

/**
 * The customer facade: sign-in, registration, password reset, who the visitor is and their rewards. Pages and
 * endpoints come here (never to the account tables); a sign-in takes the request because it writes the session's
 * cookies. The customer's lists (wishlist, waitlist) are in customer-lists-facade.ts, their orders in
 * src/server/orders/orders-facade.ts.
 */
export type { Customer };
type SessionOwner = { locals: Pick<App.Locals, 'session'> };

/** The signed-in customer of this request, or null (a guest, or an account that no longer exists). */
export async function currentCustomer({ locals }: SessionOwner): Promise<Customer | null> {
  const session = await locals.session();
  return session.customerId ? findCustomer(await getDb(), session.customerId) : null;
}

/** Signs this browser in as the customer (bag merge, new session and cookies) and builds the spec's login reply. */
export const signInAs = (context: APIContext, customer: Customer, remember: boolean): Promise<SignInReply> =>
  signInReply(context, customer, remember);

export async function signIn(
  context: APIContext,
  input: { email: string; password: string; keepMeSignedIn: boolean },
  clientAddress: string,
): Promise<SignInReply> {
  const customer = await authenticate(await getDb(), input.email, input.password, clientAddress, presentedDeviceCookie(context));
  return signInReply(context, customer, input.keepMeSignedIn);
}

/** Creates an account from the /register form (counted per client address) and signs the shopper in. */
export async function register(context: APIContext, input: v.InferOutput<typeof RegisterSchema>, clientAddress: string): Promise<SignInReply> {
  const db = await getDb();
  await limitRegistrations(db, clientAddress);
  const customer = await createCustomer(db, input);
  return signInReply(context, customer, input.keepMeSignedIn);
}

/** Ends the session on the server and removes its cookies; no new guest session is made. */
export async function signOut(context: APIContext): Promise<void> {
  await endCustomerSession(await getDb(), await context.locals.session());
  clearSessionCookies(context);
}

/** Sends a reset link when the address has an account; the reply is the same for every well-formed address. */
export async function forgotPassword(email: string, clientAddress: string): Promise<string> {
  await requestPasswordReset(await getDb(), email, clientAddress, storeOrigin());
  return resetSentMessage(email);
}

/** Whether the reset link in the page's address can still be used (checked again when it is used). */
export async function resetLinkUsable(token: string): Promise<boolean> {
  return isResetLinkUsable(await getDb(), token);
}

/** Sets the new password from a reset link (every session of the account ends) and signs this browser in. */
export async function resetPassword(context: APIContext, token: string, password: string): Promise<SignInReply> {
  return signInReply(context, await resetWithToken(await getDb(), token, password), false);
}

/**
 * Account recognition for the checkout's e-mail step. It necessarily tells whether an address has an account, so
 * it is counted per client address.
 */
export async function recogniseEmail(email: string, clientAddress: string): Promise<{ email: string; registered: boolean }> {
  const db = await getDb();
  await limitOr429(db, `lookup:addr:${clientAddress}`, LIMITS.emailLookupPerAddress, 'Too many requests. Please wait a minute and try again.');
  return { email, registered: await isRegistered(db, email) };
}

/** Who the visitor is, for the header after hydration (contract in src/lib/stores/customer.ts). */
export async function me(context: SessionOwner) {
  const customer = await currentCustomer(context);
  const db = await getDb();
  const [rewards, plcc] = await Promise.all([customer ? rewardsFor(db, customer.id) : null, plccInfoOf(db, customer?.id ?? null)]);
  return {
    authenticated: !!customer,
    firstName: customer?.firstName ?? null,
    email: customer?.email ?? null,
    rewards: rewards?.record ?? null,
    // The card placements follow the store card account (src/server/store-card/), not a flag.
    storeCard: plcc,
  };
}

export async function rewards(customerId: string): Promise<RewardsRecord | null> {
  return (await rewardsFor(await getDb(), customerId))?.record ?? null;
}

/** The customer's points and rewards dollars in a brand programme (its rewards page); null unless an active member. */
export async function programmeRewards(customerId: string, programme: BrandProgrammeId): Promise<ProgrammeStanding | null> {
  return programmeStanding(await getDb(), customerId, programme);
}

/** The social sign-in buttons to offer (name and label only: never a provider's secrets). */
export const socialSignInChoices = () => socialProviders().map(({ name, label }) => ({ name, label }));

/** Whether a provider of that name is configured; its name as configured when it is. */
export const socialProviderName = (name: string): string | null => findProvider(name)?.name ?? null;

/** Where to send the popup for this provider, and the state to bind to this browser. */
export async function startSocialSignIn(providerName: string): Promise<{ url: URL; state: string }> {
  const provider = findProvider(providerName);
  if (!provider) throw new Error(`unknown provider ${providerName}`);
  return beginSocialSignIn(provider);
}

/** Completes a social sign-in from the provider's callback: finds or makes the account and signs this browser in. */
export async function finishSocialSignIn(context: APIContext, providerName: string, cookieState: string | undefined): Promise<SignInReply> {
  const provider = findProvider(providerName);
  if (!provider) throw new Error(`unknown provider ${providerName}`);
  const claims = await completeSocialSignIn(provider, context.url.searchParams, cookieState);
  const customer = await accountForSocialIdentity(await getDb(), provider.name, claims);
  return signInReply(context, customer, false);
}
