import { describe, expect, it } from 'vitest';
import { chargeNote } from '#src/lib/checkout/order-messages.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';

describe('when review says the card is charged', () => {
  it('when the order ships, for anything that ships (a plastic gift card too)', () => {
    expect(chargeNote([PRODUCT_TYPE.regular, PRODUCT_TYPE.eGiftCard])).toBe('Your card is charged when your order ships.');
    expect(chargeNote([PRODUCT_TYPE.giftCard])).toBe('Your card is charged when your order ships.');
  });
  it('never says ships for an order that ships nothing', () => {
    expect(chargeNote([PRODUCT_TYPE.eGiftCard])).toBe(
      'Nothing in this order ships: your card is charged when the e-gift card is e-mailed to its recipient.',
    );
    expect(chargeNote([PRODUCT_TYPE.membership])).toBe('Nothing in this order ships: your card is charged when your membership starts.');
  });
});
