import { defineEndpoints } from './endpoint.ts';

/**
 * The contract between the browser and the server: every JSON endpoint of the store with its method, its path, the
 * body it reads (a schema named in src/lib/api/requests.ts) and the body of its success reply (a schema named in
 * src/lib/api/replies/). The endpoints under src/pages/api are declared with their entry (apiEndpoint in
 * src/server/http/api-endpoint.ts reads the body with the entry's schema and must answer its reply), and the
 * islands call them with the same entry through src/lib/api-client.ts. tests/unit/api-contract.test.ts holds the
 * table and the endpoint files to each other.
 *
 * Routes a browser navigates to rather than calls (the social sign-in popup's start and callback) are not in it.
 */
export const API = defineEndpoints({
  // The bag: lines, codes, gift cards applied as payment and shipping method (checkout spec §7). Each change answers
  // with the bag. applyCode takes a gift card with its giftCardPin; removeCode a couponItemId or a paymentInstrumentId.
  readBag: { method: 'GET', path: '/api/checkout/basket', reply: 'Bag' },
  addToBag: { method: 'POST', path: '/api/checkout/product/add_to_cart', request: 'AddToBag', reply: 'AddToBag' },
  updateLine: { method: 'POST', path: '/api/checkout/basket/update/updateBasketItem', request: 'UpdateBasketItem', reply: 'Bag' },
  removeLine: { method: 'DELETE', path: '/api/checkout/basket/delete/deleteBasketItem/', request: 'DeleteBasketItem', reply: 'Bag' },
  applyCode: { method: 'POST', path: '/api/checkout/basket/update/', request: 'ApplyCode', reply: 'CodeApplied' },
  removeCode: { method: 'DELETE', path: '/api/checkout/basket/delete/', request: 'DeleteFromBasket', reply: 'Bag' },
  bagId: { method: 'POST', path: '/api/checkout/basket/id/', reply: 'BagId' },
  shippingMethods: { method: 'GET', path: '/api/checkout/shipping_methods', reply: 'ShippingMethods' },
  chooseShippingMethod: { method: 'POST', path: '/api/checkout/shipping_method/', request: 'ShippingMethod', reply: 'ShippingMethodChosen' },
  readPromotion: { method: 'POST', path: '/api/checkout/promotions/read', request: 'PromotionRead', reply: 'Promotion' },
  // The perks membership of the signed-in shopper (product spec §7), asked once per session.
  subscriptionStatus: { method: 'POST', path: '/api/checkout/subscriptionStatus', reply: 'SubscriptionStatus' },
  // The signed-in shopper's brand rewards the bag offers (product spec §3 "Rewards"); applied with applyCode's rewardBrand.
  rewardsOffers: { method: 'GET', path: '/api/checkout/rewards', reply: 'RewardsOffers' },

  // The checkout (checkout spec §7, product spec §7): each step's submit answers with the checkout. The two
  // placements also take an Idempotency-Key header; placePaidOrder only when something is left for a card.
  checkoutState: { method: 'GET', path: '/api/checkout/state', reply: 'CheckoutState' },
  submitEmail: { method: 'POST', path: '/api/checkout/email', request: 'EmailStep', reply: 'Checkout' },
  recogniseEmail: { method: 'POST', path: '/api/checkout/email/validate', request: 'EmailOnly', reply: 'EmailRecognised' },
  createShippingAddress: { method: 'POST', path: '/api/checkout/shipping_address/create/', request: 'ShippingAddressStep', reply: 'Checkout' },
  updateShippingAddress: { method: 'POST', path: '/api/checkout/shipping_address/update/', request: 'ShippingAddressStep', reply: 'Checkout' },
  updateBillingAddress: { method: 'PUT', path: '/api/checkout/billing_address/update/', request: 'BillingStep', reply: 'Checkout' },
  submitPayment: { method: 'POST', path: '/api/checkout/payment_method/update/', request: 'PaymentStep', reply: 'Checkout' },
  savedCards: { method: 'POST', path: '/api/checkout/payment_method/read/', reply: 'SavedCards' },
  placeOrder: { method: 'POST', path: '/api/checkout/place_order/', request: 'PlaceOrder', reply: 'OrderResult' },
  placePaidOrder: { method: 'POST', path: '/api/checkout/payment_place_order/create/', request: 'PlaceOrder', reply: 'OrderResult' },
  // Express checkout with PayPal (checkout spec §4): the provider's order for the bag (Idempotency-Key header), then,
  // once the shopper approved it, the placement of ours (a retry replays its reply).
  createExpressOrder: { method: 'POST', path: '/api/checkout/paypal/order/', request: 'ExpressOrder', reply: 'ExpressOrderCreated' },
  placeExpressOrder: { method: 'PUT', path: '/api/checkout/paypal/order/update/', request: 'ExpressPlace', reply: 'OrderResult' },
  saveCustomerData: { method: 'POST', path: '/api/checkout/customerdata/', request: 'CustomerData', reply: 'Checkout' },
  ecoship: { method: 'POST', path: '/api/checkout/ecoship', request: 'Ecoship', reply: 'Bag' },
  packageProtection: { method: 'POST', path: '/checkout/api/route_package_protection', request: 'PackageProtection', reply: 'Bag' },
  lookUpAddress: { method: 'POST', path: '/api/checkout/smarty', request: 'AddressLookup', reply: 'AddressLookup' },
  // A gift card's balance from its number and PIN, limited per card and per client like its use at payment.
  giftCardBalance: { method: 'POST', path: '/api/checkout/gift_card/balance', request: 'GiftCardBalance', reply: 'GiftCardBalance' },
  registerAtPayment: { method: 'POST', path: '/api/checkout/payment_screen_register_user/', request: 'PaymentScreenRegister', reply: 'Registered' },

  // The store card's pre-screened offer at the payment step (product spec §4, §7): the offer (asked of the bureau once
  // per session and bag), the shopper's answer to it, and the application (an approval pays the bag with the card).
  rtpsDetails: { method: 'POST', path: '/api/checkout/rtps/details/', request: 'RtpsDetails', reply: 'RtpsDetails' },
  rtpsPlccDetails: { method: 'POST', path: '/api/checkout/rtps/plcc_details/', request: 'RtpsPlccDetails', reply: 'RtpsPlccDetails' },
  rtpsData: { method: 'POST', path: '/api/checkout/rtps/data/', request: 'RtpsData', reply: 'RtpsData' },

  // The wallet (Apple Pay) express checkout (checkout spec §7): merchant validation for the payment sheet, the payment
  // request for the bag, the new totals when the shopper picks a shipping contact or method on the sheet, and the
  // payment (Idempotency-Key header; a retry replays its reply).
  walletValidation: { method: 'POST', path: '/api/checkout/applepay/validation', request: 'WalletValidation', reply: 'MerchantSession' },
  walletRequest: { method: 'POST', path: '/api/checkout/applepay/requestapi', reply: 'WalletPaymentRequest' },
  walletShippingMethod: { method: 'POST', path: '/api/checkout/applepay/shipping_method', request: 'WalletShippingMethod', reply: 'WalletTotals' },
  walletShippingAddress: {
    method: 'POST',
    path: '/api/checkout/applepay/shipping_address',
    request: 'WalletShippingAddress',
    reply: 'WalletContactTotals',
  },
  walletAuthorize: { method: 'POST', path: '/api/checkout/applepay/authorize', request: 'WalletAuthorize', reply: 'WalletOrderResult' },

  // Who the visitor is: sign-in and out, registration, passwords.
  me: { method: 'GET', path: '/api/global/me', reply: 'Me' },
  signIn: { method: 'POST', path: '/api/global/login', request: 'Login', reply: 'SignIn' },
  signOut: { method: 'POST', path: '/api/global/logout', reply: 'SignedOut' },
  register: { method: 'POST', path: '/api/global/register', request: 'Register', reply: 'SignIn' },
  registerAfterOrder: { method: 'POST', path: '/api/checkout/register-user/', request: 'RegisterAfterOrder', reply: 'SignIn' },
  resetPassword: { method: 'POST', path: '/api/global/reset_password', request: 'ResetPassword', reply: 'SignIn' },
  forgotPassword: { method: 'POST', path: '/api/checkout/forgot_password/', request: 'EmailOnly', reply: 'Message' },

  // Products as the islands read them: fresh product data, search suggestions, carousels, the size guide.
  readProduct: { method: 'POST', path: '/api/checkout/product/read', request: 'ProductRead', reply: 'Product' },
  suggest: { method: 'POST', path: '/api/global/auto_suggest', request: 'AutoSuggest', reply: 'Suggestions' },
  recommendations: { method: 'POST', path: '/api/global/recommendations', request: 'Carousel', reply: 'Carousel' },
  sizeGuide: { method: 'POST', path: '/api/global/sfcc/read', request: 'SizeGuide', reply: 'SizeGuide' },

  // The shopper's lists: the wishlist (signed in) and a sold-out size's waitlist.
  wishlist: { method: 'POST', path: '/api/global/wishlist/getWishlist', reply: 'Wishlist' },
  addToWishlist: { method: 'POST', path: '/api/global/wishlist/addToWishlist', request: 'AddToWishlist', reply: 'Wishlist' },
  removeFromWishlist: { method: 'DELETE', path: '/api/global/wishlist/removeFromWishlist', request: 'RemoveFromWishlist', reply: 'Wishlist' },
  joinWaitlist: { method: 'POST', path: '/api/pdp/joinWaitlist', request: 'JoinWaitlist', reply: 'Waitlist' },

  // The order confirmation page: the order this browser placed, the e-mail sign-up, 'You may also like'.
  orderConfirmation: { method: 'POST', path: '/api/order-confirmation/order', reply: 'OrderConfirmation' },
  subscribeEmail: { method: 'POST', path: '/api/order-confirmation/emailSubscription', request: 'EmailSubscription', reply: 'Subscribed' },
  orderRecommendations: {
    method: 'POST',
    path: '/api/order-confirmation/recommendations',
    request: 'OrderRecommendations',
    reply: 'Recommendations',
  },

  // Content the editors publish (header spec §9, checkout spec §7): a slot with its assets, assets by id.
  contentSlot: { method: 'POST', path: '/api/global/contentSlot', request: 'ContentSlot', reply: 'ContentSlot' },
  contentAsset: { method: 'POST', path: '/api/order-confirmation/contentAsset', request: 'ContentAsset', reply: 'ContentAssets' },

  // The content editors' workspace (docs/content-editing.md): an editor's own sign-in and cookie, the documents, their
  // versions, publishing (publishers only) and the audit log. `[id]` is a document id (src/lib/content/content-documents.ts).
  editorSignIn: { method: 'POST', path: '/api/editor/sign-in', request: 'EditorSignIn', reply: 'Editor' },
  editorSignOut: { method: 'POST', path: '/api/editor/sign-out', reply: 'EditorSignedOut' },
  editorSetPassword: { method: 'POST', path: '/api/editor/set-password', request: 'EditorSetPassword', reply: 'Editor' },
  editorDocuments: { method: 'GET', path: '/api/editor/documents', reply: 'Documents' },
  editorDocument: { method: 'GET', path: '/api/editor/documents/[id]', reply: 'Document' },
  editorSave: { method: 'PUT', path: '/api/editor/documents/[id]', request: 'EditorSave', reply: 'Saved' },
  editorPublish: { method: 'POST', path: '/api/editor/documents/[id]/publish', request: 'EditorPublish', reply: 'Published' },
  editorRollback: { method: 'POST', path: '/api/editor/documents/[id]/rollback', request: 'EditorRollback', reply: 'Saved' },
  editorVersions: { method: 'GET', path: '/api/editor/documents/[id]/versions', reply: 'Versions' },
  editorAudit: { method: 'GET', path: '/api/editor/audit', reply: 'Audit' },

  // The page-load analytics call (product spec §7): the checked payload comes back for the page's data layer.
  pageLoad: { method: 'POST', path: '/api/global/analytics/pageload/', request: 'PageLoad', reply: 'PageLoad' },
  // The browser's log line (size-capped, rate-limited) and the store's own named analytics cookies, set by the server.
  logging: { method: 'POST', path: '/api/global/logging', request: 'Logging', reply: 'Done' },
  setServerCookie: { method: 'POST', path: '/api/global/setServerCookie', request: 'ServerCookies', reply: 'Done' },

  // Support-agent mode: the agent's own sign-in (apart from shoppers'), and the call recording muted and unmuted
  // around the card fields (product spec §7 sfcc/write).
  agentSignIn: { method: 'POST', path: '/api/agent/login', request: 'AgentSignIn', reply: 'Agent' },
  agentSignOut: { method: 'POST', path: '/api/agent/logout', reply: 'Done' },
  sfccWrite: { method: 'POST', path: '/api/global/sfcc/write', request: 'SfccWrite', reply: 'Recording' },
});
