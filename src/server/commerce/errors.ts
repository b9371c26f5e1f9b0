import { Refusal } from '../refusal.ts';

/**
 * A refusal the shopper can act on. Endpoints turn it into `{ status: 'error', message }` with its HTTP status;
 * anything else thrown is a bug and becomes a 500 with a generic message (and a log line).
 */
export type CommerceErrorCode =
  | 'unauthorized'
  | 'not_found'
  | 'not_orderable'
  | 'out_of_stock'
  | 'quantity'
  | 'invalid'
  | 'conflict'
  | 'unprocessable';

const STATUS: Record<CommerceErrorCode, number> = {
  unauthorized: 401,
  not_found: 404,
  not_orderable: 409,
  out_of_stock: 409,
  quantity: 400,
  invalid: 400,
  conflict: 409,
  unprocessable: 422,
};

export class CommerceError extends Refusal {
  override readonly code: CommerceErrorCode;
  constructor(code: CommerceErrorCode, message: string) {
    super(message, STATUS[code]);
    this.name = 'CommerceError';
    this.code = code;
  }
}
