import * as v from 'valibot';
import { BRAND_CODES } from '../constants.ts';
import { PlccDataSchema } from './offer-rules.ts';

/**
 * The rtps calls' bodies (product spec §7). The spec's tokens (refreshToken, accessToken, token, access_token) and
 * customer ids are accepted and unused: the shopper's session is a cookie, and the applicant is the bag's shipping
 * address as the server holds it, so `rtpsAddress` can only name it.
 */
const unused = {
  refreshToken: v.optional(v.string()),
  accessToken: v.optional(v.string()),
  token: v.optional(v.string()),
  access_token: v.optional(v.string()),
};
const brandContextId = v.optional(v.nullable(v.picklist(BRAND_CODES, 'Unknown brand.')), null);

export const RtpsDetailsSchema = v.object({
  preScreenData: v.object(
    {
      rtpsAddress: v.optional(v.picklist(['shipping'], 'rtpsAddress must be shipping.'), 'shipping'),
      isPrescreenedInCheckout: v.boolean('isPrescreenedInCheckout must be true or false.'),
    },
    'preScreenData must be an object.',
  ),
  customerId: v.optional(v.nullable(v.string())),
  brandContextId,
  ...unused,
});

export const RtpsPlccDetailsSchema = v.object({
  plccData: v.pipe(
    v.unknown(),
    v.check((x) => typeof x === 'object' && x !== null, 'plccData is required.'),
    PlccDataSchema,
  ),
  customerId: v.optional(v.nullable(v.string())),
  brandContextId,
  ...unused,
});

/** data/: what the shopper did with the offer (seen it, or NO). */
export const RtpsDataSchema = v.object({
  offerResponse: v.picklist(['VIEWED', 'NO'], 'offerResponse must be VIEWED or NO.'),
  customer_id: v.optional(v.nullable(v.string())),
  address_id: v.optional(v.nullable(v.string())),
  brandContextId,
  ...unused,
});
