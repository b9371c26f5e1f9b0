import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { localSecrets } from './secrets.ts';
import { DbAdapter } from './adapter.ts';
import { TEST_IDENTITIES } from './identities.ts';
import { handleInteraction } from './interactions.ts';
import { LOCAL_CLIENT_ID, LOCAL_PROVIDER_PATH } from './names.ts';

/**
 * The embedded default identity provider: a real OpenID Connect provider (oidc-provider) served on the store's
 * own origin under /oidc, with the seeded test identities of identities.ts. The store signs in through it exactly
 * as through an outside provider (authorization code, state, PKCE, nonce), so the social flow runs offline.
 * Signing keys, cookie keys and the client secret are made once and kept in the database, so every instance
 * agrees on them.
 */

export async function createLocalProvider(origin: string): Promise<Provider> {
  const secrets = await localSecrets();
  const provider = new Provider(`${origin}${LOCAL_PROVIDER_PATH}`, {
    adapter: DbAdapter,
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: secrets.clientSecret,
        redirect_uris: [`${origin}/checkout/api/locallogincallback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [secrets.jwk as never] },
    cookies: { keys: [secrets.cookieKey] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${LOCAL_PROVIDER_PATH}/interaction/${interaction.uid}` },
    // The default error page loads a web font from the internet; this one is self-contained.
    async renderError(ctx, out) {
      ctx.type = 'html';
      const text = Object.entries(out)
        .map(([k, v]) => `<p><strong>${k}</strong>: ${String(v).replace(/[<>&]/g, '')}</p>`)
        .join('');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1>${text}</body></html>`;
    },
    async findAccount(_ctx, sub) {
      const identity = TEST_IDENTITIES.find((i) => i.sub === sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        async claims() {
          const { password: _secret, ...claims } = identity;
          return { ...claims, name: `${identity.given_name} ${identity.family_name}` };
        },
      };
    },
  });
  return provider;
}

/**
 * A Node request handler for everything under /oidc: our login pages for interactions, the provider for the rest.
 * The provider builds its endpoint URLs from the request (koa's ctx.href), so the request is pinned to the store's
 * configured origin first: whatever Host or X-Forwarded-* a client sent, every URL it publishes is the issuer's.
 */
export async function localProviderHandler(origin: string) {
  const provider = await createLocalProvider(origin);
  const own = new URL(origin);
  provider.proxy = true;
  const callback = provider.callback();
  return async (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    req.headers.host = own.host;
    req.headers['x-forwarded-proto'] = own.protocol.slice(0, -1);
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-port'];
    const url = req.url ?? '/';
    req.originalUrl = url;
    req.url = url.slice(LOCAL_PROVIDER_PATH.length) || '/';
    if (req.url.startsWith('/interaction/')) return handleInteraction(provider, req, res);
    return callback(req, res);
  };
}
