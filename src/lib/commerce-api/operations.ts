import * as v from 'valibot';
import type { CommerceApi } from './commerce-api.ts';
import { SIGNUP_PLACES } from '../email-signup/signup-rules.ts';
import { SORTS } from '../listing.ts';
import { PlccDataSchema } from '../store-card-offer/offer-rules.ts';

/**
 * Every operation of the commerce API (commerce-api.ts) with the schema of its input: the engine's server checks each
 * call's input with it before the engine sees it (src/server/commerce-api/http-server.ts), and the HTTP client checks
 * what it sends (http-client.ts), so a store and an engine of different versions fail with a clear 400 rather than a
 * fault deep in the engine. The endpoints have checked the shopper's request with the spec's rules already
 * (src/lib/api/contract.ts); these schemas hold the shape of what crosses, and the limits a caller cannot exceed.
 */
const text = (max = 256) => v.pipe(v.string(), v.maxLength(max));
const id = text(128);
const optionalText = (max = 256) => v.optional(text(max));
const nothing = v.optional(v.undefined());
const flag = v.boolean();
const cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000));
const record = v.record(v.string(), v.unknown());
const address = v.looseObject({ address1: text(), city: text(), stateCode: text(8), postalCode: text(16) });
const idempotencyKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/));
const contact = v.looseObject({});
const version = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000_000));
const trackFields = v.nullable(v.object({ orderNo: text(64), email: text(254) }));

type Schemas<A> = { [R in keyof A]: { [O in keyof A[R]]: v.GenericSchema } };

export const OPERATIONS = {
  catalog: {
    product: v.object({ id }),
    productPage: v.object({ slug: id }),
    brands: nothing,
    brandProducts: v.object({ brand: text(16) }),
    home: nothing,
    quickOrder: v.object({ itemNumber: text(128) }),
    list: v.object({
      q: optionalText(),
      category: optionalText(128),
      sort: v.picklist(SORTS),
      page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
    }),
    categoryIds: nothing,
    suggest: v.object({ query: text(), fullPayload: flag }),
    recommendations: v.object({
      criteria: text(64),
      productId: v.optional(id),
      recentlyViewedCookie: optionalText(4096),
      bagProductIds: v.optional(v.pipe(v.array(id), v.maxLength(500))),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
    }),
    sizeChart: v.object({ chartId: id }),
    offers: nothing,
    stamp: nothing,
  },
  bag: {
    read: nothing,
    readWithMethods: nothing,
    add: v.object({ choice: v.looseObject({ productId: id, quantity: v.number() }), asCustomer: v.optional(id) }),
    updateLine: v.object({ itemId: id, change: v.looseObject({ quantity: v.number() }) }),
    removeLine: v.object({ itemId: id }),
    applyCode: v.object({ code: text(), pin: text(32), rewardBrand: optionalText(16) }),
    removeCode: v.object({ couponItemId: v.optional(id), paymentInstrumentId: v.optional(id) }),
    rewardsOffers: nothing,
    promotion: v.object({ promotionId: id }),
  },
  checkout: {
    read: nothing,
    options: nothing,
    shippingMethods: nothing,
    chooseShippingMethod: v.object({ methodId: id }),
    submitShippingMethod: v.object({ methodId: id }),
    packageProtection: v.object({ action: v.picklist(['add', 'remove', 'autoapply']) }),
    ecoship: v.object({ selected: flag }),
    submitEmail: v.looseObject({ email: text(254) }),
    submitShippingAddress: v.looseObject({
      address: v.optional(address),
      addressId: v.optional(id),
      saveToProfile: flag,
      make_address_default: flag,
    }),
    submitPayment: record,
    submitBilling: record,
    saveCustomerData: v.object({
      shippingAddressToAdd: v.optional(v.pipe(v.array(address), v.maxLength(20))),
      billingAddressToAdd: v.optional(v.pipe(v.array(address), v.maxLength(20))),
      paymentInstrumentsToAdd: v.optional(v.pipe(v.array(v.looseObject({ token: text() })), v.maxLength(20))),
    }),
    placeOrder: v.object({ idempotencyKey, order: v.looseObject({ orderTotal: cents }), requirePayment: flag }),
    createExpressOrder: v.object({ idempotencyKey, from: v.picklist(['bag', 'payment']) }),
    placeExpressOrder: v.object({ orderId: text(64), from: v.picklist(['bag', 'payment']), confirmedAmountDue: v.nullable(cents) }),
    lookUpAddress: record,
  },
  wallet: {
    validateMerchant: v.object({ validationUrl: text(2048) }),
    paymentRequest: nothing,
    shippingMethod: v.object({ identifier: id, contact: v.optional(contact) }),
    shippingAddress: v.object({ contact }),
    authorize: v.object({ idempotencyKey, payment: record }),
  },
  giftCards: {
    balance: v.looseObject({ gitfCardNumber: text(64), giftCardPin: text(16) }),
  },
  customer: {
    current: nothing,
    me: nothing,
    visitor: nothing,
    signIn: v.object({ email: text(254), password: text(1024), keepMeSignedIn: flag }),
    register: v.looseObject({ email: text(254), password: text(1024) }),
    registerWithGuestOrder: v.object({ email: text(254), password: text(1024), orderId: id, orderReference: optionalText(128) }),
    signOut: nothing,
    forgotPassword: v.object({ email: text(254) }),
    resetLinkUsable: v.object({ token: text(512) }),
    resetPassword: v.object({ token: text(512), password: text(1024) }),
    recogniseEmail: v.object({ email: text(254) }),
    rewards: nothing,
    programmeRewards: v.object({ programme: text(16) }),
    socialChoices: nothing,
    socialProvider: v.object({ name: text(64) }),
    startSocialSignIn: v.object({ provider: text(64) }),
    finishSocialSignIn: v.object({ provider: text(64), params: v.record(v.string(), text(4096)), state: optionalText(512) }),
  },
  lists: {
    wishlist: nothing,
    addToWishlist: v.object({ productId: id }),
    removeFromWishlist: v.object({ itemId: id, listId: id }),
    joinWaitlist: v.object({ sku: id, email: text(254) }),
  },
  orders: {
    track: trackFields,
    trackDetails: trackFields,
    list: nothing,
    details: v.object({ orderNo: text(64) }),
    confirmation: v.object({ orderReference: optionalText(128) }),
    recommendations: v.object({
      productIds: v.pipe(v.array(id), v.maxLength(100)),
      limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
    }),
  },
  perks: {
    status: nothing,
  },
  storeCardOffer: {
    prescreen: v.object({ inCheckout: flag }),
    respond: v.object({ event: v.picklist(['viewed', 'no']) }),
    apply: PlccDataSchema,
  },
  outbox: {
    open: nothing,
    latest: v.object({ to: optionalText(254) }),
  },
  content: {
    header: nothing,
    stamp: nothing,
    slot: v.object({ id: text(64) }),
    assets: v.object({ ids: v.pipe(v.array(text(64)), v.maxLength(50)) }),
  },
  editor: {
    signIn: v.object({ email: text(254), password: text(1024) }),
    signOut: nothing,
    me: nothing,
    linkUsable: v.object({ token: text(512) }),
    setPassword: v.object({ token: text(512), password: text(1024) }),
    documents: nothing,
    read: v.object({ id: text(64), version: v.optional(version) }),
    save: v.object({ id: text(64), baseVersion: version, content: v.unknown() }),
    publish: v.object({ id: text(64), version, at: optionalText(32) }),
    rollback: v.object({ id: text(64), toVersion: version }),
    versions: v.object({ id: text(64) }),
    audit: nothing,
    preview: v.object({ at: text(32), draft: flag }),
  },
  marketing: {
    subscribe: v.object({ email: text(254), place: v.picklist(SIGNUP_PLACES), salesChannel: text(32) }),
  },
  agents: {
    signIn: v.object({ email: text(254), password: text(1024), extension: text(8) }),
    current: nothing,
    signOut: nothing,
    recording: v.object({ action: v.picklist(['mute', 'unmute']), extension: optionalText(8) }),
  },
} as const satisfies Schemas<CommerceApi>;

/** Every operation by resource, as the engine's server routes them: `/_commerce/v1/<resource>/<operation>`. */
export const COMMERCE_API_VERSION = 'v1';
export const COMMERCE_API_PATH = `/_commerce/${COMMERCE_API_VERSION}/`;

export function operationSchema(resource: string, operation: string): v.GenericSchema | undefined {
  // Own properties only: `constructor/name` is no operation.
  if (!Object.hasOwn(OPERATIONS, resource)) return undefined;
  const ops: Record<string, v.GenericSchema> = OPERATIONS[resource as keyof typeof OPERATIONS];
  return Object.hasOwn(ops, operation) ? ops[operation] : undefined;
}
