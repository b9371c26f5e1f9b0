import * as v from 'valibot';
import { ID_MAX_LENGTH } from '../constants.ts';
import { Email } from './email.ts';

/** Wishlist and waitlist payloads (header spec §7; product page POST /api/pdp/joinWaitlist). */
const Id = (label: string) =>
  v.pipe(v.optional(v.string(), ''), v.trim(), v.minLength(1, `${label} is required.`), v.maxLength(ID_MAX_LENGTH, `${label} is too long.`));

export const AddToWishlistSchema = v.object({ productId: Id('productId') });
export const RemoveFromWishlistSchema = v.object({ itemId: Id('itemId'), listId: Id('listId') });
export const JoinWaitlistSchema = v.object({ skuId: Id('skuId'), emailId: Email });
