/** A refusal of an account action the shopper can act on (wrong password, too many attempts), with its HTTP status. */
export class AccountError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}
