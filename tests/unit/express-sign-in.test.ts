import { describe, expect, it } from 'vitest';
import { afterExpressSignIn, expressSignInOffered } from '#src/lib/checkout/express-sign-in.ts';

describe('express checkout sign-in', () => {
  it('is offered to a guest with something in the bag', () => {
    expect(expressSignInOffered({ signedIn: false, itemCount: 1 })).toBe(true);
  });

  it('is not offered to a signed-in shopper, nor with an empty bag', () => {
    expect(expressSignInOffered({ signedIn: true, itemCount: 2 })).toBe(false);
    expect(expressSignInOffered({ signedIn: false, itemCount: 0 })).toBe(false);
  });

  it('goes on to the checkout after signing in', () => {
    expect(afterExpressSignIn({ redirectToCart: false })).toBe('/checkout');
  });

  it('shows the bag first when the merge cut, dropped or joined lines', () => {
    expect(afterExpressSignIn({ redirectToCart: true })).toBe('/cart?source=newcheckout');
  });
});
