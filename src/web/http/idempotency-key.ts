import { IDEMPOTENCY_KEY_PATTERN } from '#src/lib/checkout/checkout-schemas.ts';
import { BadRequest } from './api.ts';

/**
 * The request's Idempotency-Key header, which every request that moves money carries (`what` names it in the refusal):
 * 16 to 128 letters, digits, - or _; anything else is refused with 400 before the commerce API is asked.
 */
export function idempotencyKey(request: Request, what: string): string {
  const key = request.headers.get('idempotency-key');
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequest(`Send an Idempotency-Key header (16 to 128 letters, digits, - or _) with every ${what}.`, 400);
  }
  return key;
}
