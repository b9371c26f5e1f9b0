import * as v from 'valibot';
import { APPLICATION_RESULTS } from '../../store-card-offer/offer-rules.ts';
import { CheckoutSchema } from './checkout.ts';

/** The store card's pre-screened offer as the rtps calls answer it (product spec §7); money in cents. */
const OfferSchema = v.object({
  id: v.string(),
  creditLimitCents: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  viewed: v.boolean(),
  rebuttalEligible: v.boolean(),
  closed: v.boolean(),
  result: v.nullable(v.picklist(APPLICATION_RESULTS)),
});

const GuestPreScreenDataSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  address1: v.string(),
  city: v.string(),
  stateCode: v.string(),
  postalCode: v.pipe(v.string(), v.maxLength(5)),
  phone: v.pipe(v.string(), v.regex(/^\d*$/)),
});

/** POST /api/checkout/rtps/details/: body.plccInfo (the offer, or null) and body.guestPreScreenData (a guest with an offer). */
export const RtpsDetailsReply = v.object({
  plccInfo: v.object({ offer: v.nullable(OfferSchema) }),
  guestPreScreenData: v.nullable(GuestPreScreenDataSchema),
});

/** POST /api/checkout/rtps/data/: the offer after the shopper's answer. */
export const RtpsDataReply = v.object({ plccInfo: v.object({ offer: OfferSchema }) });

/** POST /api/checkout/rtps/plcc_details/: the application's result and its view, body.basketId and the checkout (the basket replaced). */
export const RtpsPlccDetailsReply = v.object({
  basketId: v.string(),
  application: v.object({
    result: v.picklist(APPLICATION_RESULTS),
    view: v.picklist(['registration', 'review', 'card-holder', 'error']),
    card: v.nullable(v.object({ last4: v.pipe(v.string(), v.regex(/^\d{4}$/)), availableCents: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
    paysThisOrder: v.boolean(),
  }),
  checkout: CheckoutSchema,
});
