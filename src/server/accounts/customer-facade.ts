import { plccInfoOf } from '../store-card/store-card-wallet.ts';
import { getDb } from '../db/database.ts';
import { storeOrigin } from '../config.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { authenticate, createCustomer, findCustomer, isRegistered, limitRegistrations } from './accounts.ts';
import { isResetLinkUsable, requestPasswordReset, resetPassword as resetWithToken, resetSentMessage } from './reset.ts';
import { programmeStanding, rewardsFor } from '../rewards/rewards-record.ts';
import type { BrandProgrammeId } from '#src/lib/rewards/programmes.ts';
import { endCustomerSession } from './sign-in.ts';
import { signInReply } from './sign-in-reply.ts';
import type { CallSession } from '../session/call-session.ts';
import type { CustomerApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import { accountForSocialIdentity } from './social-identity.ts';
import { beginSocialSignIn, completeSocialSignIn, SocialSignInError } from '../social/flow.ts';
import { findProvider, socialProviders } from '../social/providers.ts';
import type { RewardsRecord } from '#src/lib/header/rewards.ts';
import type { Customer, ProgrammeStanding, SignInReply } from '#src/lib/commerce/customer.ts';
import { Refusal } from '../refusal.ts';
import type { RegisterSchema } from '#src/lib/schemas/account.ts';
import type * as v from 'valibot';

/**
 * The customer facade: sign-in, registration, password reset, who the visitor is and their rewards. Pages and
 * endpoints come here (never to the account tables); a sign-in takes the request because it writes the session's
 * cookies. The customer's lists (wishlist, waitlist) are in customer-lists-facade.ts, their orders in
 * src/server/orders/orders-facade.ts.
 */
type SessionOwner = Pick<CallSession, 'session'>;

/** The signed-in customer of this call, or null (a guest, or an account that no longer exists). */
export async function currentCustomer(call: SessionOwner): Promise<Customer | null> {
  const session = await call.session();
  return session.customerId ? findCustomer(await getDb(), session.customerId) : null;
}

async function signIn(call: CallSession, input: { email: string; password: string; keepMeSignedIn: boolean }): Promise<SignInReply> {
  const customer = await authenticate(await getDb(), input.email, input.password, call.client, call.device);
  return signInReply(call, customer, input.keepMeSignedIn);
}

/** Creates an account from the /register form (counted per client address) and signs the shopper in. */
async function register(call: CallSession, input: v.InferOutput<typeof RegisterSchema>): Promise<SignInReply> {
  const db = await getDb();
  await limitRegistrations(db, call.client);
  const customer = await createCustomer(db, input);
  return signInReply(call, customer, input.keepMeSignedIn);
}

/** Ends the session on the server; the caller drops its cookies. No new guest session is made. */
async function signOut(call: CallSession): Promise<null> {
  await endCustomerSession(await getDb(), await call.session());
  call.ended();
  return null;
}

/** Sends a reset link when the address has an account; the reply is the same for every well-formed address. */
async function forgotPassword(email: string, clientAddress: string): Promise<string> {
  await requestPasswordReset(await getDb(), email, clientAddress, storeOrigin());
  return resetSentMessage(email);
}

/** Whether the reset link in the page's address can still be used (checked again when it is used). */
async function resetLinkUsable(token: string): Promise<boolean> {
  return isResetLinkUsable(await getDb(), token);
}

/** Sets the new password from a reset link (every session of the account ends) and signs this browser in. */
async function resetPassword(call: CallSession, token: string, password: string): Promise<SignInReply> {
  return signInReply(call, await resetWithToken(await getDb(), token, password), false);
}

/**
 * Account recognition for the checkout's e-mail step. It necessarily tells whether an address has an account, so
 * it is counted per client address.
 */
async function recogniseEmail(email: string, clientAddress: string): Promise<{ email: string; registered: boolean }> {
  const db = await getDb();
  await limitOr429(db, `lookup:addr:${clientAddress}`, LIMITS.emailLookupPerAddress, 'Too many requests. Please wait a minute and try again.');
  return { email, registered: await isRegistered(db, email) };
}

/** Who the visitor is, for the header after hydration (contract in src/lib/stores/customer.ts). */
async function me(call: SessionOwner) {
  const customer = await currentCustomer(call);
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

async function rewards(customerId: string): Promise<RewardsRecord | null> {
  return (await rewardsFor(await getDb(), customerId))?.record ?? null;
}

/** The customer's points and rewards dollars in a brand programme (its rewards page); null unless an active member. */
async function programmeRewards(customerId: string, programme: BrandProgrammeId): Promise<ProgrammeStanding | null> {
  return programmeStanding(await getDb(), customerId, programme);
}

/** The social sign-in buttons to offer (name and label only: never a provider's secrets). */
const socialSignInChoices = () => socialProviders().map(({ name, label }) => ({ name, label }));

/** Whether a provider of that name is configured; its name as configured when it is. */
const socialProviderName = (name: string): string | null => findProvider(name)?.name ?? null;

/** Where to send the popup for this provider, and the state to bind to this browser. */
async function startSocialSignIn(providerName: string): Promise<{ url: string; state: string }> {
  const provider = findProvider(providerName);
  if (!provider) throw new Refusal('Unknown sign-in provider.', 404);
  const { url, state } = await beginSocialSignIn(provider);
  return { url: url.href, state };
}

/** Completes a social sign-in from the provider's callback: finds or makes the account and signs this browser in. */
async function finishSocialSignIn(
  call: CallSession,
  providerName: string,
  params: Record<string, string>,
  cookieState: string | undefined,
): Promise<SignInReply> {
  const provider = findProvider(providerName);
  if (!provider) throw new Refusal('Unknown sign-in provider.', 404);
  // What the provider refuses (a tampered nonce, a code used twice, access denied) is the shopper's failed sign-in,
  // answered as a refusal, not a fault of the store.
  const claims = await completeSocialSignIn(provider, new URLSearchParams(params), cookieState).catch((err: unknown) => {
    if (err instanceof Refusal) throw err;
    throw new SocialSignInError((err as Error).message);
  });
  const customer = await accountForSocialIdentity(await getDb(), provider.name, claims);
  return signInReply(call, customer, false);
}

/** The customer resource of the commerce API (src/lib/commerce-api/commerce-api.ts CustomerApi), but for the sign-up
 * from a guest order, which is the orders facade's (registerWithGuestOrder). */
export const customerOperations: Omit<Implementation<CallSession, CustomerApi>, 'registerWithGuestOrder'> = {
  current: currentCustomer,
  me,
  async visitor(call) {
    const { usid, customerId } = await call.session();
    return { usid, signedIn: customerId !== null };
  },
  signIn,
  register,
  signOut,
  forgotPassword: (call, { email }) => forgotPassword(email, call.client),
  resetLinkUsable: (_call, { token }) => resetLinkUsable(token),
  resetPassword: (call, { token, password }) => resetPassword(call, token, password),
  recogniseEmail: (call, { email }) => recogniseEmail(email, call.client),
  async rewards(call) {
    const { customerId } = await call.session();
    return customerId ? rewards(customerId) : null;
  },
  async programmeRewards(call, { programme }) {
    const { customerId } = await call.session();
    return customerId ? programmeRewards(customerId, programme) : null;
  },
  socialChoices: async () => socialSignInChoices(),
  socialProvider: async (_call, { name }) => socialProviderName(name),
  startSocialSignIn: (_call, { provider }) => startSocialSignIn(provider),
  finishSocialSignIn: (call, { provider, params, state }) => finishSocialSignIn(call, provider, params, state),
};
