import { config, type Environment, isLoopbackHostname, oidcProviderSettings, storeOrigin } from '../config.ts';
import { LOCAL_CLIENT_ID, LOCAL_PROVIDER_PATH } from './local-provider/names.ts';

/**
 * Social sign-in providers, chosen by configuration, each with an issuer fixed at start-up. Real providers are
 * added with SOCIAL_PROVIDERS=google,... and, for each NAME, OIDC_NAME_ISSUER (https), OIDC_NAME_CLIENT_ID,
 * OIDC_NAME_CLIENT_SECRET (and optionally OIDC_NAME_LABEL). `local` is the embedded test provider under /oidc with
 * its listed test identities: on by default only while the store's origin is loopback (npm start, npm run dev, the
 * tests); a store on a public origin has it only when SOCIAL_PROVIDERS names it.
 */
export interface SocialProviderConfig {
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  /** For `local`, read from the database by the flow. */
  clientSecret: string | null;
}

const NAME = /^[a-z]{2,20}$/;

/** An issuer the store may talk to: HTTPS, or plain HTTP for the embedded provider on a loopback origin only. */
export function isAllowedIssuer(issuer: string, name: string): boolean {
  try {
    const url = new URL(issuer);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && name === 'local' && isLoopbackHostname(url.hostname);
  } catch {
    return false;
  }
}

/** The providers the configuration names; `env` for a test's own environment (the store's settings otherwise). */
export function socialProviders(env?: Environment, origin: string = storeOrigin()): SocialProviderConfig[] {
  const configured = env ? env['SOCIAL_PROVIDERS'] || undefined : config().SOCIAL_PROVIDERS;
  const fallback = isLoopbackHostname(new URL(origin).hostname) ? 'local' : '';
  const names = (configured ?? fallback)
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return names.map((name) => {
    if (!NAME.test(name)) throw new Error(`SOCIAL_PROVIDERS: "${name}" must be 2-20 lower-case letters`);
    if (name === 'local')
      return { name, label: 'Local ID (test)', issuer: `${origin}${LOCAL_PROVIDER_PATH}`, clientId: LOCAL_CLIENT_ID, clientSecret: null };
    const key = name.toUpperCase();
    const { issuer, clientId, clientSecret, label } = oidcProviderSettings(name, env);
    if (!issuer || !clientId || !clientSecret) {
      throw new Error(`Social provider ${name}: set OIDC_${key}_ISSUER, OIDC_${key}_CLIENT_ID and OIDC_${key}_CLIENT_SECRET`);
    }
    if (!isAllowedIssuer(issuer, name)) throw new Error(`OIDC_${key}_ISSUER must be an https:// URL`);
    return { name, label: label ?? name[0]!.toUpperCase() + name.slice(1), issuer, clientId, clientSecret };
  });
}

let fixed: SocialProviderConfig[] | undefined;

/** The configured providers, read once: issuers and redirect URIs do not change while the server runs. */
export function findProvider(name: string): SocialProviderConfig | undefined {
  fixed ??= socialProviders();
  return fixed.find((p) => p.name === name);
}
