import type * as v from 'valibot';
import { checkInput } from '#src/lib/schemas/input.ts';

/**
 * A refusal the shopper can act on, with its HTTP status: the commerce API answers it as a Problem
 * (src/lib/commerce-api/call.ts), never as an exception across the boundary; anything else thrown is a fault. Each
 * domain has its own kind (CommerceError, AccountError, GiftCardRefusal, ...), all of them this, so the API's edge
 * knows none of the domains. `code` and `detail` are for a refusal the caller treats apart (the express checkout's).
 */
export class Refusal extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: unknown;
  constructor(message: string, status: number, code?: string, detail?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

/** The input as the schema reads it, or a 400 refusal naming its first problem. */
export function parsedOrRefused<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const checked = checkInput(schema, data);
  if (!checked.ok) throw new Refusal(checked.message, 400);
  return checked.output;
}
