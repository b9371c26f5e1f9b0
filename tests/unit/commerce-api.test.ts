import { describe, expect, it } from 'vitest';
import { embeddedCommerceApi } from '#src/server/commerce-api.ts';
import * as address from '#src/server/checkout/address-facade.ts';
import * as bag from '#src/server/bag/basket-facade.ts';
import * as catalog from '#src/server/catalog/catalog-facade.ts';
import * as checkout from '#src/server/checkout/checkout-facade.ts';
import * as customer from '#src/server/accounts/customer-facade.ts';
import * as customerLists from '#src/server/accounts/customer-lists-facade.ts';
import * as orders from '#src/server/orders/orders-facade.ts';
import * as outbox from '#src/server/mail/outbox-facade.ts';

describe('the commerce API in this process', () => {
  it('answers each resource with its facade: the functions endpoints call are the same under either name', () => {
    const facades = { catalog, bag, checkout, address, orders, customer, customerLists, outbox };
    expect(Object.keys(embeddedCommerceApi).sort()).toEqual(Object.keys(facades).sort());
    for (const [name, facade] of Object.entries(facades)) {
      const member = embeddedCommerceApi[name as keyof typeof facades] as Record<string, unknown>;
      for (const [fn, value] of Object.entries(facade)) expect(member[fn], `${name}.${fn}`).toBe(value);
    }
  });
});
