import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Email } from '#src/lib/schemas/email.ts';
import { JoinWaitlistSchema } from '#src/lib/schemas/shopper-lists.ts';
import { AddToBagSchema } from '#src/lib/schemas/basket.ts';
import { EmailOnlySchema, LoginSchema, RegisterAfterOrderSchema, RegisterSchema } from '#src/lib/schemas/account.ts';
import { EmailStepSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { TrackOrderSchema } from '#src/lib/order-number.ts';
import { giftCardErrors } from '#src/lib/product-rules.ts';

const message = (data: unknown) => v.safeParse(Email, data).issues?.[0]?.message;

const ACCEPTED = ['ann@example.com', "o'brien+shoes@mail.example.com", 'A.B-C@Example.co.uk', '  ann@example.com  '];
const REFUSED = [
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
];
const EMPTY = ['', '   '];

/** Every payload that carries an address: the rest of a valid payload, and the key the address goes under. */
const CARRIERS: [form: string, schema: v.GenericSchema, payload: (email: string) => Record<string, unknown>, key: string][] = [
  ['sign-in', LoginSchema, (email) => ({ email, password: 'x' }), 'email'],
  ['registration', RegisterSchema, (email) => ({ firstName: 'Ann', lastName: 'Lee', email, password: 'abcd1234' }), 'email'],
  ['an account made after an order', RegisterAfterOrderSchema, (email) => ({ email, password: 'abcd1234', orderId: 'order-1' }), 'email'],
  ['password reset', EmailOnlySchema, (email) => ({ email }), 'email'],
  ['Track my order', TrackOrderSchema, (email) => ({ orderNo: '1234-56789-123', email }), 'email'],
  ['the waitlist', JoinWaitlistSchema, (email) => ({ skuId: 's', emailId: email }), 'emailId'],
  ['an e-gift card', AddToBagSchema, (email) => ({ productId: 'p', c_giftCardRecipientEmail: email }), 'c_giftCardRecipientEmail'],
  ["the checkout's e-mail step", EmailStepSchema, (email) => ({ email }), 'email'],
];

describe('the one e-mail rule', () => {
  it.each(ACCEPTED)('accepts %s', (email) => {
    expect(message(email)).toBeUndefined();
  });
  it('trims and lower-cases', () => expect(v.parse(Email, ' Ann@Example.COM ')).toBe('ann@example.com'));
  it.each(REFUSED)("refuses %s: 'Valid email is required'", (email) => expect(message(email)).toBe('Valid email is required'));
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

  // One rule, not one per form: each form takes exactly the addresses the rule takes, lower-cased and trimmed as the
  // rule writes them, and refuses the others with the rule's message.
  it.each(CARRIERS)(
    '%s takes the addresses the rule takes, as the rule writes them, and refuses the others with its message',
    (_, schema, payload, key) => {
      for (const email of [...ACCEPTED, ...REFUSED, ...EMPTY]) {
        const rule = v.safeParse(Email, email);
        const form = v.safeParse(schema, payload(email));
        if (rule.success) {
          expect(form.success, email).toBe(true);
          expect((form.output as Record<string, unknown>)[key], email).toBe(rule.output);
        } else {
          expect(form.success, email).toBe(false);
          expect(
            form.issues?.map((i) => i.message),
            email,
          ).toEqual(rule.issues.map((i) => i.message));
        }
      }
    },
  );
});
