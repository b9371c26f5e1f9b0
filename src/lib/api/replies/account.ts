import * as v from 'valibot';
import type { WishlistView } from '../../commerce-types.ts';
import { BasketSchema, ShippingMethodSchema } from './bag.ts';
import { exactly } from './exact.ts';

/** Sign-in and registration, the wishlist, the small answers of the account and list endpoints. */
const Text = v.string();
const NullableText = v.nullable(v.string());

export const WishlistReply = exactly<WishlistView>()(
  v.object({
    id: NullableText,
    c_wishlistId: NullableText,
    customerProductListItems: v.array(
      v.object({
        id: Text,
        productId: Text,
        masterId: Text,
        productName: Text,
        productUrl: Text,
        imageUrl: Text,
        colorName: NullableText,
        sizeLabel: NullableText,
        price: v.number(),
        productType: v.number(),
        canAddToBag: v.boolean(),
        inStock: v.boolean(),
      }),
    ),
    c_items: v.array(Text),
  }),
);

const signInEntries = {
  token: v.object({ customer_id: Text, authenticated: v.literal(true), usid: Text }),
  basket: BasketSchema,
  shippingMethods: v.array(ShippingMethodSchema),
  profileData: v.object({ customerNo: Text, email: Text, firstName: Text, lastName: Text }),
  wishlistData: WishlistReply,
  mergeBasket: v.object({
    redirectToCart: v.boolean(),
    notificationMsg: NullableText,
    removedMembershipBrand: NullableText,
    showPerksRemovalMsg: v.boolean(),
  }),
};
/** The checkout spec's login reply (§7): token, basket, mergeBasket, profileData, wishlistData. */
export const SignInReply = v.object(signInEntries);
/** Registration at the payment step: the login reply, signed in. */
export const RegisteredReply = v.object({ ...signInEntries, authenticated: v.literal(true) });
export const SignedOutReply = v.object({ authenticated: v.literal(false) });
export const MessageReply = v.object({ message: Text });
export const WaitlistReply = v.object({ skuId: Text, success: v.literal(true) });
export const SubscribedReply = v.object({ success: v.literal(true) });
