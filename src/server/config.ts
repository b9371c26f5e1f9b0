import * as v from 'valibot';

/**
 * Every environment variable the store, its scripts and its test tools read: one typed schema, read once, used by
 * the production server (src/server/main.ts), the pages and endpoints, astro.config.mjs (so `astro dev` and
 * `astro build` stop on a malformed value too) and the scripts. Each variable is documented in .env.example and
 * the README. Astro's own `env.schema` is not used: main.ts and the scripts run outside Astro, where `astro:env`
 * does not exist, and two schemas would drift.
 *
 * OIDC_<NAME>_* variables are per provider, named by SOCIAL_PROVIDERS: oidcProviderSettings reads them, and
 * src/server/social/providers.ts checks them. Nothing else in src/ reads process.env.
 */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const isLoopbackHostname = (hostname: string) => LOOPBACK_HOSTNAMES.has(hostname);

const integer = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );
const httpUrl = (name: string) =>
  v.pipe(
    v.string(),
    v.check((s) => /^https?:\/\/[^/]/.test(s) && URL.canParse(s), `${name} must be an http(s) URL`),
    v.transform((s) => s.replace(/\/+$/, '')),
  );
const flag = (name: string) => v.picklist(['0', '1'], `${name} must be 1 or 0`);

const ORIGIN_MESSAGE = 'PUBLIC_ORIGIN must be an origin such as https://shop.example.com (scheme, host and port only; http only on loopback)';
const Origin = v.pipe(
  v.string(),
  v.check((s) => {
    try {
      const u = new URL(s);
      const bare = u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password && !s.endsWith('/');
      return bare && (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHostname(u.hostname)));
    } catch {
      return false;
    }
  }, ORIGIN_MESSAGE),
  v.transform((s) => new URL(s).origin),
);

const ConfigSchema = v.object({
  // PostgreSQL; unset means the embedded SQLite file DATA_DIR/store.db.
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  SESSION_TTL_SECONDS: v.optional(integer('SESSION_TTL_SECONDS', 60, 400 * 86400), String(60 * 60 * 24 * 30)),
  // Where the server listens.
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  PORT: v.optional(integer('PORT', 1, 65535), '4321'),
  // The store's public origin; see storeOrigin().
  PUBLIC_ORIGIN: v.optional(Origin),
  NODE_ENV: v.optional(v.string()),
  // Build folder.
  STORE_DIST: v.optional(v.pipe(v.string(), v.minLength(1)), 'dist'),
  // E-mail.
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), 'Seven Brands <no-reply@localhost>'),
  OUTBOX_PAGE: v.optional(flag('OUTBOX_PAGE')),
  // 1: no analytics event is pushed to the page's data layer (pages carry <html data-analytics="off">).
  ANALYTICS_DISABLED: v.optional(flag('ANALYTICS_DISABLED')),
  // The reviews widget's script host (its v5 en_US script is loaded from it) and its JSON settings; unset: the
  // embedded reviews from the catalog.
  REVIEWS_WIDGET_DOMAIN: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'REVIEWS_WIDGET_DOMAIN must be a host name'))),
  REVIEWS_WIDGET_CONFIG: v.optional(v.string()),
  // How long sent mail is kept in the outbox before the sweep deletes it, in days.
  MAIL_RETENTION_DAYS: v.optional(integer('MAIL_RETENTION_DAYS', 1, 3650), '30'),
  // How many proxies in front of the store append to X-Forwarded-For (1: one proxy); unset or 0: the header is ignored.
  TRUST_PROXY: v.optional(integer('TRUST_PROXY', 0, 10)),
  // Social sign-in providers; unset: the embedded test provider on a loopback origin, none elsewhere.
  SOCIAL_PROVIDERS: v.optional(v.string()),
  // Address suggestions and checks at checkout: embedded (the US ZIP data set; default), smarty, or off.
  ADDRESS_SERVICE: v.optional(v.picklist(['embedded', 'smarty', 'off'], 'ADDRESS_SERVICE must be embedded, smarty or off'), 'embedded'),
  SMARTY_AUTH_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  SMARTY_AUTH_TOKEN: v.optional(v.pipe(v.string(), v.minLength(1))),
  SMARTY_AUTOCOMPLETE_URL: v.optional(httpUrl('SMARTY_AUTOCOMPLETE_URL'), 'https://us-autocomplete-pro.api.smarty.com'),
  SMARTY_STREET_URL: v.optional(httpUrl('SMARTY_STREET_URL'), 'https://us-street.api.smarty.com'),
  SMARTY_TIMEOUT_MS: v.optional(integer('SMARTY_TIMEOUT_MS', 100, 30_000), '2500'),
  // Card payments (src/server/payments/payments.ts): the embedded sandbox gateway, or Stripe with both keys.
  PAYMENT_GATEWAY: v.optional(v.picklist(['sandbox', 'stripe'], 'PAYMENT_GATEWAY must be sandbox or stripe'), 'sandbox'),
  PAYMENT_TIMEOUT_MS: v.optional(integer('PAYMENT_TIMEOUT_MS', 1, 120_000), '10000'),
  STRIPE_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.url('STRIPE_API_BASE must be a URL'),
      v.regex(/^https?:\/\//, 'STRIPE_API_BASE must be an http(s) URL'),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    'https://api.stripe.com',
  ),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.regex(/^(sk|rk)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_...)'))),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.pipe(v.string(), v.regex(/^pk_\w+$/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)'))),
  // The web payment provider for express checkout (src/server/payments/web-payments.ts): embedded (the offline
  // PayPal sandbox with its approval page under /sandbox-paypal; default), paypal (needs PAYPAL_CLIENT_ID and
  // PAYPAL_CLIENT_SECRET) or off.
  WEB_PAYMENT: v.optional(v.picklist(['embedded', 'paypal', 'off'], 'WEB_PAYMENT must be embedded, paypal or off'), 'embedded'),
  PAYPAL_CLIENT_ID: v.optional(v.pipe(v.string(), v.regex(/^[\w-]+$/, 'PAYPAL_CLIENT_ID must be a PayPal REST app client id'))),
  PAYPAL_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.regex(/^[\w-]+$/, 'PAYPAL_CLIENT_SECRET must be a PayPal REST app secret'))),
  // sandbox (PayPal's sandbox accounts) or production; PAYPAL_BASE_URL, when set, replaces the environment's API origin.
  PAYPAL_ENVIRONMENT: v.optional(v.picklist(['sandbox', 'production'], 'PAYPAL_ENVIRONMENT must be sandbox or production'), 'sandbox'),
  PAYPAL_BASE_URL: v.optional(httpUrl('PAYPAL_BASE_URL')),
  // PayPal's JavaScript SDK address for the buttons (a stand-in in tests); default: the environment's.
  PAYPAL_SDK_URL: v.optional(httpUrl('PAYPAL_SDK_URL')),
  // The wallet (Apple Pay) for express checkout (src/server/wallet/): embedded (offline merchant validation and the
  // card sandbox's test tokens; default), apple (Apple's payment session endpoint over mutual TLS with the merchant
  // identity certificate: needs APPLE_PAY_MERCHANT_ID, APPLE_PAY_CERT_PATH and APPLE_PAY_KEY_PATH) or off.
  WALLET: v.optional(v.picklist(['embedded', 'apple', 'off'], 'WALLET must be embedded, apple or off'), 'embedded'),
  APPLE_PAY_MERCHANT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^merchant\.[\w.-]+$/, 'APPLE_PAY_MERCHANT_ID must be an Apple merchant identifier (merchant.…)')),
  ),
  APPLE_PAY_CERT_PATH: v.optional(v.pipe(v.string(), v.minLength(1))),
  APPLE_PAY_KEY_PATH: v.optional(v.pipe(v.string(), v.minLength(1))),
  // When set, merchant validation posts here (the validation URL's path kept) instead of to the Apple host the
  // browser named, once that URL has passed the check against Apple's hosts.
  APPLE_PAY_VALIDATION_URL: v.optional(httpUrl('APPLE_PAY_VALIDATION_URL')),
  // Gift cards (src/server/gift-cards/): the key of the keyed hashes their numbers and PINs are stored as, at least
  // 32 random bytes in base64url. Required with a public origin; unset on loopback, one is made and kept in the database.
  GIFT_CARD_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,}$/, 'GIFT_CARD_KEY must be at least 32 random bytes in base64url (43 characters or more)')),
  ),
  // Pay-later financing message at the payment step (src/server/pay-later/): embedded (the sandbox rule; default),
  // affirm (Affirm's promotional messaging, needs AFFIRM_PUBLIC_KEY) or off.
  PAY_LATER: v.optional(v.picklist(['embedded', 'affirm', 'off'], 'PAY_LATER must be embedded, affirm or off'), 'embedded'),
  AFFIRM_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^\w+$/, 'AFFIRM_PUBLIC_KEY must be an Affirm public API key (letters and digits)'))),
  // https://sandbox.affirm.com for Affirm's sandbox.
  AFFIRM_BASE_URL: v.optional(httpUrl('AFFIRM_BASE_URL'), 'https://www.affirm.com'),
  AFFIRM_TIMEOUT_MS: v.optional(integer('AFFIRM_TIMEOUT_MS', 100, 30_000), '2000'),
  // The credit bureau behind the store card's pre-screened offer (src/server/store-card-offer/): embedded (the
  // documented test identities; default), bread (Bread Financial's real-time prescreen over HTTP, needs
  // CREDIT_BUREAU_API_KEY) or off (no offer is made).
  CREDIT_BUREAU: v.optional(v.picklist(['embedded', 'bread', 'off'], 'CREDIT_BUREAU must be embedded, bread or off'), 'embedded'),
  CREDIT_BUREAU_API_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'CREDIT_BUREAU_API_KEY must be letters, digits, dots or dashes'))),
  // The bureau's origin (a stand-in server in tests; https://acquire1uat.comenity.net for Bread's test environment).
  CREDIT_BUREAU_BASE_URL: v.optional(httpUrl('CREDIT_BUREAU_BASE_URL'), 'https://acquire1.comenity.net'),
  // Package protection at the shipping step (src/server/protection/): embedded (the documented fee rule) or off.
  PACKAGE_PROTECTION: v.optional(v.picklist(['embedded', 'off'], 'PACKAGE_PROTECTION must be embedded or off'), 'embedded'),
  // The per-order peak handling fee charged from Nov 15 to Dec 31 (New York time), in cents; 0 turns it off.
  PEAK_HANDLING_FEE_CENTS: v.optional(integer('PEAK_HANDLING_FEE_CENTS', 0, 10_000), '299'),
  // The image service's disk cache of resized photographs (DATA_DIR/image-cache): bounded by megabytes and by files.
  IMAGE_CACHE_MAX_MB: v.optional(integer('IMAGE_CACHE_MAX_MB', 1, 1_000_000), '256'),
  IMAGE_CACHE_MAX_ENTRIES: v.optional(integer('IMAGE_CACHE_MAX_ENTRIES', 10, 10_000_000), '20000'),
  // Test and bench tools only.
  // 1: every JSON reply of the API is checked against its reply schema (src/lib/api/replies/); one that does not
  // match is answered with a 500 naming the difference. The Playwright suite's server turns it on.
  API_REPLY_CHECK: v.optional(flag('API_REPLY_CHECK')),
  COMMERCE_API_URL: v.optional(httpUrl('COMMERCE_API_URL')),
  EDGE_PORT: v.optional(integer('EDGE_PORT', 1, 65535), '8787'),
  COMMERCE_API_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^[\x21-\x7e]{32,256}$/, 'COMMERCE_API_SECRET must be 32 to 256 printable characters without spaces')),
  ),
  E2E_PORT: v.optional(integer('E2E_PORT', 1, 65534), '4399'),
  E2E_DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'data/e2e'),
  E2E_COMMERCE: v.optional(v.picklist(['http', 'embedded'], 'E2E_COMMERCE must be http or embedded'), 'http'),
  E2E_DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'E2E_DATABASE_URL must be a postgres:// URL'))),
  BENCH_DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'BENCH_DATABASE_URL must be a postgres:// URL'))),
  CHROMIUM_PATH: v.optional(v.pipe(v.string(), v.minLength(1))),
  DEV_TEST_PORT: v.optional(integer('DEV_TEST_PORT', 1, 65535), '4620'),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses an environment; throws a ConfigError naming every malformed variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Unset and '' both mean "not set" (an .env file copied from .env.example leaves many empty).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(ConfigSchema, set);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `  ${v.getDotPath(i) ?? '?'}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid environment configuration:\n${lines}\nSee .env.example for every variable.`);
  }
  // Checked here, at start-up, rather than when the first gift card is sold: an order must never fail for a setting.
  if (parsed.output.COMMERCE_API_URL && !parsed.output.COMMERCE_API_SECRET) {
    throw new ConfigError('Invalid environment configuration:\n  COMMERCE_API_SECRET: required with COMMERCE_API_URL (see .env.example).');
  }
  const origin = parsed.output.PUBLIC_ORIGIN;
  if (origin && !isLoopbackHostname(new URL(origin).hostname) && !parsed.output.GIFT_CARD_KEY) {
    throw new ConfigError('Invalid environment configuration:\n  GIFT_CARD_KEY: required with a public origin (see .env.example).');
  }
  return parsed.output;
}

let cached: Config | undefined;

/** An environment as the settings are read from: process.env, or one a test hands in. */
export type Environment = Record<string, string | undefined>;

/** The OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _LABEL variables of one social provider (unset: undefined). */
export function oidcProviderSettings(name: string, env: Environment = process.env) {
  const key = name.toUpperCase();
  const read = (suffix: string) => env[`OIDC_${key}_${suffix}`] || undefined;
  return { issuer: read('ISSUER'), clientId: read('CLIENT_ID'), clientSecret: read('CLIENT_SECRET'), label: read('LABEL') };
}

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * The store's own origin, from configuration only, never from a request: every link in an e-mail, the embedded
 * sign-in provider's issuer, every redirect URI and the cross-origin guard use it. PUBLIC_ORIGIN when set; when it
 * is not, the loopback address the server listens on (npm start, npm run dev, the tests). A server listening
 * beyond loopback must be told its public origin.
 */
export function storeOrigin(c: Config = config()): string {
  if (c.PUBLIC_ORIGIN) return c.PUBLIC_ORIGIN;
  const host = c.HOST === '::1' ? '[::1]' : c.HOST;
  if (!isLoopbackHostname(host)) {
    throw new ConfigError(
      `PUBLIC_ORIGIN is required when the server listens on ${c.HOST} (beyond loopback): set it to the origin shoppers use, e.g. https://shop.example.com`,
    );
  }
  return `http://${host}:${c.PORT}`;
}
