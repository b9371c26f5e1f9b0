import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Email } from '#src/lib/schemas/email.ts';
import { JoinWaitlistSchema } from '#src/lib/schemas/shopper-lists.ts';
import { AddToBagSchema } from '#src/lib/schemas/basket.ts';
import { EmailOnlySchema, LoginSchema } from '#src/lib/schemas/account.ts';
import { TrackOrderSchema } from '#src/lib/order-number.ts';
import { giftCardErrors } from '#src/lib/product-rules.ts';

const message = (data: unknown) => v.safeParse(Email, data).issues?.[0]?.message;

describe('the one e-mail rule', () => {
  it.each(['ann@example.com', "o'brien+shoes@mail.example.com", 'A.B-C@Example.co.uk', '  ann@example.com  '])('accepts %s', (email) => {
    expect(message(email)).toBeUndefined();
  });
  it('trims and lower-cases', () => expect(v.parse(Email, ' Ann@Example.COM ')).toBe('ann@example.com'));
  it.each([
    'x<a@b.co',
    'a>b@example.com',
    '"a b"@example.com',
    'a b@example.com',
    'a@b.c',
    'a@b.c0',
    'a@-b.com',
    'a@b-.com',
    'a@b..co',
    'a@@b.co',
    'a@b',
    '@b.co',
    `${'a'.repeat(250)}@b.co`,
  ])("refuses %s: 'Valid email is required'", (email) => expect(message(email)).toBe('Valid email is required'));
  it.each(['', '   ', undefined])("an empty field (%j): 'Email is required'", (email) => expect(message(email)).toBe('Email is required'));

  it('is the rule of every form that takes an address', () => {
    const bad = 'x<a@b.co';
    expect(v.safeParse(JoinWaitlistSchema, { skuId: 's', emailId: bad }).success).toBe(false);
    expect(v.safeParse(AddToBagSchema, { productId: 'p', c_giftCardRecipientEmail: bad }).success).toBe(false);
    expect(v.safeParse(EmailOnlySchema, { email: bad }).success).toBe(false);
    expect(v.safeParse(LoginSchema, { email: bad, password: 'x' }).success).toBe(false);
    expect(v.safeParse(TrackOrderSchema, { orderNo: '1234-56789-123', email: bad }).success).toBe(false);
    expect(giftCardErrors(true, { to: 'A', from: 'B', email: bad, confirmEmail: bad, withMessage: false, message: '' }, false).email).toBe(
      'Valid email is required',
    );
  });

  it('is written once: no other e-mail check in the source', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const others = files('src')
      .filter((f) => /\.(ts|tsx|astro)$/.test(f) && f !== join('src', 'lib', 'schemas', 'email.ts'))
      .filter((f) => /\bv\.email\(|\bz\.email\(|\.email\(\)|@\[\^\\s@\]|\[\^\\s@\]\+@/.test(readFileSync(f, 'utf8')));
    expect(others).toEqual([]);
  });
});
