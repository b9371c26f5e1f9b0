/**
 * A refusal the shopper can act on, with its HTTP status: the API answers it as `{ status: 'error', message }`
 * (src/server/http/api.ts `endpoint`); anything else thrown is a fault, logged and answered with a 500. Each domain
 * has its own kind (CommerceError, AccountError, the API's BadRequest), all of them this, so the API's edge knows
 * none of the domains.
 */
export class Refusal extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}
