import { Refusal } from '../refusal.ts';
import * as client from 'openid-client';
import { getDb } from '../db/database.ts';
import { localSecrets } from './local-provider/secrets.ts';
import { storeOrigin } from '../config.ts';
import { isAllowedIssuer, type SocialProviderConfig } from './providers.ts';

/**
 * The store as an OpenID Connect client (openid-client): authorization code flow with state, PKCE (S256) and a
 * nonce. What must survive the round trip (verifier, nonce) is kept in the database under the state, and the
 * state is also in an HttpOnly cookie, so the callback only completes in the browser that started it.
 */
const TTL_SECONDS = 10 * 60;

/** A social sign-in that did not complete (state mismatch, a provider's refusal): the popup says so. */
export class SocialSignInError extends Refusal {
  constructor(message: string) {
    super(message, 400);
  }
}

// One discovered configuration per configured provider (a fixed, small set): never keyed by request data.
const configs = new Map<string, Promise<client.Configuration>>();

async function configuration(provider: SocialProviderConfig): Promise<client.Configuration> {
  let cached = configs.get(provider.name);
  if (!cached) {
    cached = (async () => {
      if (!isAllowedIssuer(provider.issuer, provider.name)) throw new SocialSignInError(`issuer ${provider.issuer} is not allowed`);
      const secret = provider.clientSecret ?? (await localSecrets()).clientSecret;
      // Only the embedded provider on a loopback origin speaks plain HTTP (isAllowedIssuer); others use HTTPS.
      const options = provider.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined;
      return client.discovery(new URL(provider.issuer), provider.clientId, secret, undefined, options);
    })();
    cached.catch(() => configs.delete(provider.name));
    configs.set(provider.name, cached);
  }
  return cached;
}

/** Where the provider sends the shopper back: on the store's configured origin, never the request's. */
export const redirectUri = (provider: string) => `${storeOrigin()}/checkout/api/${provider}logincallback`;

/** Begins a sign-in: returns the provider's authorization URL and the state to pin in a cookie. */
export async function beginSocialSignIn(provider: SocialProviderConfig): Promise<{ url: URL; state: string }> {
  const config = await configuration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const db = await getDb();
  await db.kysely.deleteFrom('social_logins').where('expires_at', '<=', new Date().toISOString()).execute();
  await db.kysely
    .insertInto('social_logins')
    .values({ state, provider: provider.name, code_verifier: verifier, nonce, expires_at: new Date(Date.now() + TTL_SECONDS * 1000).toISOString() })
    .execute();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(provider.name),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state };
}

export interface SocialClaims {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Completes a sign-in from the callback URL. The state must match the browser's cookie and a pending row
 * (consumed here, single use); openid-client checks the code exchange with the PKCE verifier, the ID token's
 * signature, issuer, audience and nonce. Only a verified e-mail is accepted.
 */
export async function completeSocialSignIn(
  provider: SocialProviderConfig,
  callbackParams: URLSearchParams,
  cookieState: string | undefined,
): Promise<SocialClaims> {
  // The callback URL as the provider was told it (configured origin), with the parameters the browser brought.
  const callbackUrl = new URL(`${redirectUri(provider.name)}?${callbackParams.toString()}`);
  const state = callbackUrl.searchParams.get('state');
  if (!state || !cookieState || state !== cookieState) throw new SocialSignInError('state mismatch');
  const db = await getDb();
  const pending = await db.kysely
    .deleteFrom('social_logins')
    .where('state', '=', state)
    .where('provider', '=', provider.name)
    .returningAll()
    .executeTakeFirst();
  if (!pending || pending.expires_at <= new Date().toISOString()) throw new SocialSignInError('unknown or expired state');
  if (callbackUrl.searchParams.has('error')) throw new SocialSignInError(callbackUrl.searchParams.get('error') ?? 'provider error');
  const config = await configuration(provider);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.code_verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new SocialSignInError('no ID token');
  // Providers that keep the ID token small (ours included) give e-mail and names at the UserInfo endpoint; the
  // subject there must be the ID token's.
  const claims =
    typeof idClaims.email === 'string' ? idClaims : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!email || claims.email_verified !== true) throw new SocialSignInError('e-mail missing or not verified');
  return {
    sub: claims.sub,
    email,
    firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 25) : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 25) : '',
  };
}
