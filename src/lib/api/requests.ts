import { AddressLookupSchema } from '../checkout/address-suggestions.ts';
import {
  BillingStepSchema,
  CustomerDataSchema,
  EmailStepSchema,
  PaymentStepSchema,
  PlaceOrderSchema,
  ExpressOrderSchema,
  ExpressPlaceSchema,
  ShippingAddressStepSchema,
} from '../checkout/checkout-schemas.ts';
import { EcoshipSchema, PackageProtectionSchema } from '../checkout/shipping-extras.ts';
import {
  EmailOnlySchema,
  LoginSchema,
  PaymentScreenRegisterSchema,
  RegisterAfterOrderSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '../schemas/account.ts';
import {
  ContentAssetSchema,
  ContentSlotSchema,
  EditorPublishSchema,
  EditorRollbackSchema,
  EditorSaveSchema,
  EditorSetPasswordSchema,
  EditorSignInSchema,
} from '../content/editor-requests.ts';
import { GiftCardBalanceSchema } from '../gift-cards/gift-card-rules.ts';
import { PageLoadSchema } from '../checkout/step-tracking-schema.ts';
import { LoggingSchema } from '../schemas/logging.ts';
import { ServerCookiesSchema } from '../schemas/server-cookies.ts';
import { AgentSignInSchema, SfccWriteSchema } from '../support-agents/agent-rules.ts';
import { AddToBagSchema, DeleteBasketItemSchema, ProductReadSchema, ShippingMethodSchema, UpdateBasketItemSchema } from '../schemas/basket.ts';
import { SizeGuideSchema } from '../schemas/content.ts';
import { EmailSubscriptionSchema } from '../email-signup/signup-rules.ts';
import { ApplyCodeSchema, DeleteFromBasketSchema, PromotionReadSchema } from '../schemas/promo.ts';
import { CarouselSchema, OrderRecommendationsSchema } from '../schemas/recommendations.ts';
import { AutoSuggestSchema } from '../schemas/search.ts';
import { WalletAuthorizeSchema, WalletShippingAddressSchema, WalletShippingMethodSchema, WalletValidationSchema } from '../wallet/wallet-schemas.ts';
import { RtpsDataSchema, RtpsDetailsSchema, RtpsPlccDetailsSchema } from '../store-card-offer/offer-requests.ts';
import { AddToWishlistSchema, JoinWaitlistSchema, RemoveFromWishlistSchema } from '../schemas/shopper-lists.ts';

/**
 * Every request body the API reads, by name: the payload rules of src/lib/schemas and src/lib/checkout, which the
 * islands also use for instant feedback. The endpoint table (src/lib/api/contract.ts) names one for each endpoint
 * that reads a body; the endpoints read it with readBody (src/server/http/api-endpoint.ts). Islands import the
 * schemas they check with directly, so a page never carries the ones it does not use.
 */
export const REQUESTS = {
  WalletValidation: WalletValidationSchema,
  WalletShippingMethod: WalletShippingMethodSchema,
  WalletShippingAddress: WalletShippingAddressSchema,
  WalletAuthorize: WalletAuthorizeSchema,
  AddressLookup: AddressLookupSchema,
  AddToBag: AddToBagSchema,
  AddToWishlist: AddToWishlistSchema,
  ApplyCode: ApplyCodeSchema,
  AutoSuggest: AutoSuggestSchema,
  BillingStep: BillingStepSchema,
  Carousel: CarouselSchema,
  CustomerData: CustomerDataSchema,
  DeleteBasketItem: DeleteBasketItemSchema,
  DeleteFromBasket: DeleteFromBasketSchema,
  Ecoship: EcoshipSchema,
  EmailOnly: EmailOnlySchema,
  EmailStep: EmailStepSchema,
  EmailSubscription: EmailSubscriptionSchema,
  GiftCardBalance: GiftCardBalanceSchema,
  JoinWaitlist: JoinWaitlistSchema,
  Login: LoginSchema,
  OrderRecommendations: OrderRecommendationsSchema,
  PackageProtection: PackageProtectionSchema,
  PageLoad: PageLoadSchema,
  Logging: LoggingSchema,
  ServerCookies: ServerCookiesSchema,
  AgentSignIn: AgentSignInSchema,
  SfccWrite: SfccWriteSchema,
  PaymentScreenRegister: PaymentScreenRegisterSchema,
  PaymentStep: PaymentStepSchema,
  PlaceOrder: PlaceOrderSchema,
  ExpressOrder: ExpressOrderSchema,
  ExpressPlace: ExpressPlaceSchema,
  ProductRead: ProductReadSchema,
  PromotionRead: PromotionReadSchema,
  Register: RegisterSchema,
  RegisterAfterOrder: RegisterAfterOrderSchema,
  RemoveFromWishlist: RemoveFromWishlistSchema,
  ResetPassword: ResetPasswordSchema,
  RtpsData: RtpsDataSchema,
  RtpsDetails: RtpsDetailsSchema,
  RtpsPlccDetails: RtpsPlccDetailsSchema,
  ShippingAddressStep: ShippingAddressStepSchema,
  ShippingMethod: ShippingMethodSchema,
  EditorSignIn: EditorSignInSchema,
  EditorSetPassword: EditorSetPasswordSchema,
  EditorSave: EditorSaveSchema,
  EditorPublish: EditorPublishSchema,
  EditorRollback: EditorRollbackSchema,
  ContentSlot: ContentSlotSchema,
  ContentAsset: ContentAssetSchema,
  SizeGuide: SizeGuideSchema,
  UpdateBasketItem: UpdateBasketItemSchema,
};

export type Requests = typeof REQUESTS;
export type RequestName = keyof Requests;
