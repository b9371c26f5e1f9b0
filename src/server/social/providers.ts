/**
 * Social sign-in providers, chosen by configuration. `local` (the embedded OpenID provider under /oidc) is on by
 * default; real providers are added with SOCIAL_PROVIDERS=google,... and, for each NAME,
 * OIDC_NAME_ISSUER, OIDC_NAME_CLIENT_ID, OIDC_NAME_CLIENT_SECRET (and optionally OIDC_NAME_LABEL).
 */
export interface SocialProviderConfig {
  name: string;
  label: string;
  /** Issuer URL; for `local`, the store's own origin + /oidc, known per request. */
  issuer: ((origin: string) => string) | string;
  clientId: string;
  /** For `local`, read from the database by the flow. */
  clientSecret: string | null;
}

const NAME = /^[a-z]{2,20}$/;

export function socialProviders(env: NodeJS.ProcessEnv = process.env): SocialProviderConfig[] {
  const names = (env.SOCIAL_PROVIDERS ?? 'local').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return names.map((name) => {
    if (!NAME.test(name)) throw new Error(`SOCIAL_PROVIDERS: "${name}" must be 2-20 lower-case letters`);
    if (name === 'local') return { name, label: 'Local ID (test)', issuer: (origin: string) => `${origin}/oidc`, clientId: 'storefront', clientSecret: null };
    const key = name.toUpperCase();
    const issuer = env[`OIDC_${key}_ISSUER`];
    const clientId = env[`OIDC_${key}_CLIENT_ID`];
    const clientSecret = env[`OIDC_${key}_CLIENT_SECRET`];
    if (!issuer || !clientId || !clientSecret) {
      throw new Error(`Social provider ${name}: set OIDC_${key}_ISSUER, OIDC_${key}_CLIENT_ID and OIDC_${key}_CLIENT_SECRET`);
    }
    return { name, label: env[`OIDC_${key}_LABEL`] ?? name[0]!.toUpperCase() + name.slice(1), issuer, clientId, clientSecret };
  });
}

export function findProvider(name: string): SocialProviderConfig | undefined {
  return socialProviders().find((p) => p.name === name);
}
