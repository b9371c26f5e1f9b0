import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDb, type TestDb } from '../helpers/db.ts';

// Every argon2 verification the sign-in makes is recorded (and still done), so the test can compare the work done
// for an unknown e-mail with the work done for a wrong password by counting it, not by timing it.
const verified: string[] = [];
vi.mock('../../src/server/accounts/password.ts', async (original) => {
  const real = await original<typeof import('#src/server/accounts/password.ts')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      verified.push(stored);
      return real.verifyPassword(password, stored);
    },
  };
});
const { AccountError, authenticate, createCustomer, SIGN_IN_FAILED } = await import('#src/server/accounts/accounts.ts');

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

/** The argon2id parameters of a PHC string (memory, passes, parallelism): what one verification costs. */
const cost = (phc: string) => /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(phc)?.[1];

describe('an unknown e-mail costs what a wrong password costs', () => {
  it('both make exactly one argon2id verification at the same parameters and get the same refusal', async () => {
    await createCustomer(t.db, { email: 'cost@example.com', firstName: 'Co', lastName: 'St', password: 'right-pass1' });
    const attempt = async (email: string, address: string) => {
      verified.length = 0;
      const err = await authenticate(t.db, email, 'wrong-pass1', address).then(
        () => null,
        (e: unknown) => e,
      );
      return { err, verified: [...verified] };
    };
    const wrong = await attempt('cost@example.com', '10.9.0.1');
    const unknown = await attempt('nobody@example.com', '10.9.0.2');
    for (const r of [wrong, unknown]) {
      expect(r.err).toBeInstanceOf(AccountError);
      expect((r.err as Error).message).toBe(SIGN_IN_FAILED);
      expect(r.verified).toHaveLength(1);
    }
    expect(cost(unknown.verified[0]!)).toBeDefined();
    expect(cost(unknown.verified[0]!)).toBe(cost(wrong.verified[0]!));
  });
});
