import { Client, Environment } from '@paypal/paypal-server-sdk';

/**
 * PayPal's SDK client, pointed at a base URL of our choosing. The SDK knows two environments (sandbox and production)
 * and no custom base URL, so every request it builds (the OAuth token's included) has its origin swapped for
 * `baseUrl` before it is sent: the same SDK code then talks to PayPal or to a local stand-in.
 */
export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** PayPal's API origin for the environment, or a stand-in's. */
  baseUrl: string;
  timeoutMs: number;
}

class ClientAt extends Client {
  readonly #baseUrl: string;

  constructor(options: PayPalClientOptions) {
    super({
      environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
      timeout: options.timeoutMs,
      clientCredentialsAuthCredentials: { oAuthClientId: options.clientId, oAuthClientSecret: options.clientSecret },
      // A retried POST could move money twice without its request id: the SDK retries nothing, we decide.
      httpClientOptions: { retryConfig: { maxNumberOfRetries: 0 } },
    });
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  override getRequestBuilderFactory(): ReturnType<Client['getRequestBuilderFactory']> {
    const factory = super.getRequestBuilderFactory();
    return (...args) => {
      const builder = factory(...args);
      builder.interceptRequest((request) => {
        const url = new URL(request.url);
        return { ...request, url: `${this.#baseUrl}${url.pathname}${url.search}` };
      });
      return builder;
    };
  }
}

export const paypalClient = (options: PayPalClientOptions): Client => new ClientAt(options);
