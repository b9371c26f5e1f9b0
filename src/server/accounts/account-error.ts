import { Refusal } from '../refusal.ts';

/** A refusal of an account action the shopper can act on (wrong password, too many attempts), with its HTTP status. */
export class AccountError extends Refusal {}
