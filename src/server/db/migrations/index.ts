import type { Migration, MigrationProvider } from 'kysely/migration';
import { initial } from './001-initial.ts';
import { accounts } from './002-accounts.ts';
import { bagFeatures } from './004-bag-features.ts';
import { bonusProducts } from './005-bonus-products.ts';
import { rewards } from './006-rewards.ts';
import { shippingRestrictions } from './007-shipping-restrictions.ts';
import { emailVerified } from './008-email-verified.ts';
import { signInAndSweeping } from './009-sign-in-and-sweeping.ts';
import { checkout } from './010-checkout.ts';
import { paymentSandbox } from './011-payment-sandbox.ts';
import { shippingExtras } from './012-shipping-extras.ts';
import { catalogVersion } from './013-catalog-version.ts';
import { promotionVersion } from './014-promotion-version.ts';
import { searchReadIndexes } from './015-search-read-indexes.ts';
import { basketVersion } from './016-basket-version.ts';
import { guestSessionIndex } from './017-guest-session-index.ts';
import { orderReceipt } from './018-order-receipt.ts';
import { billingTaxState } from './019-billing-tax-state.ts';
import { shippingMethodTexts } from './020-shipping-method-texts.ts';
import { paymentReferences } from './021-payment-references.ts';
import { referenceVersion } from './022-reference-version.ts';
import { giftCards } from './023-gift-cards.ts';
import { rewardsProgrammes } from './024-rewards-programmes.ts';
import { perksMemberships } from './025-perks-memberships.ts';
import { tenders } from './026-tenders.ts';
import { webPayment } from './027-web-payment.ts';
import { storeCards } from './028-store-cards.ts';
import { storeCardPrescreens } from './039-store-card-prescreens.ts';
import { storeCardApplications } from './040-store-card-applications.ts';
import { rewardTenders } from './029-reward-tenders.ts';
import { walletMerchantSessions } from './030-wallet-merchant-sessions.ts';
import { webPaymentCaptures } from './031-web-payment-captures.ts';
import { sealedMail } from './032-sealed-mail.ts';
import { webPaymentContacts } from './033-web-payment-contacts.ts';
import { orderTenderBalances } from './034-order-tender-balances.ts';
import { catalogNotify } from './035-catalog-notify.ts';
import { editors } from './041-editors.ts';
import { contentDocuments } from './042-content-documents.ts';
import { prop65 } from './045-prop65.ts';
import { basketVersionOnce } from './046-basket-version-once.ts';
import { openBasketsIndex } from './047-open-baskets-index.ts';
import { emailSignupConsent } from './037-email-signup-consent.ts';
import { supportAgents } from './038-support-agents.ts';

/**
 * Migrations live in code (not a folder scanned at run time) so that the bundled server, the seed script and the
 * tests all carry the same list; one file each. Each must run unchanged on SQLite and PostgreSQL: only portable
 * types (text, integer, real) and CHECK constraints so the database itself refuses negative stock or quantities.
 * Names sort in the order they run; never insert one before a migration that may already have run.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_001_initial': initial,
  '2026_11_21_002_accounts': accounts,
  '2026_11_21_004_bag_features': bagFeatures,
  '2026_11_21_005_bonus_products': bonusProducts,
  '2026_11_21_006_rewards': rewards,
  '2026_11_21_007_shipping_restrictions': shippingRestrictions,
  '2026_11_21_008_email_verified': emailVerified,
  '2026_11_21_009_sign_in_and_sweeping': signInAndSweeping,
  '2026_11_23_010_checkout': checkout,
  '2026_11_23_011_payment_sandbox': paymentSandbox,
  '2026_11_23_012_shipping_extras': shippingExtras,
  '2026_11_23_013_catalog_version': catalogVersion,
  '2026_11_24_014_promotion_version': promotionVersion,
  '2026_11_24_015_search_read_indexes': searchReadIndexes,
  '2026_11_24_016_basket_version': basketVersion,
  '2026_11_24_017_guest_session_index': guestSessionIndex,
  '2026_11_25_018_order_receipt': orderReceipt,
  '2026_11_25_019_billing_tax_state': billingTaxState,
  '2026_11_25_020_shipping_method_texts': shippingMethodTexts,
  '2026_11_27_021_payment_references': paymentReferences,
  '2026_11_27_022_reference_version': referenceVersion,
  '2026_11_28_023_gift_cards': giftCards,
  '2026_11_28_024_rewards_programmes': rewardsProgrammes,
  '2026_11_28_025_perks_memberships': perksMemberships,
  '2026_11_28_026_tenders': tenders,
  '2026_11_28_027_web_payment': webPayment,
  '2026_11_28_028_store_cards': storeCards,
  '2026_11_28_029_reward_tenders': rewardTenders,
  '2026_11_29_030_wallet_merchant_sessions': walletMerchantSessions,
  '2026_11_29_031_web_payment_captures': webPaymentCaptures,
  '2026_12_06_032_sealed_mail': sealedMail,
  '2026_12_06_033_web_payment_contacts': webPaymentContacts,
  '2026_12_06_034_order_tender_balances': orderTenderBalances,
  '2026_12_06_035_catalog_notify': catalogNotify,
  '2026_12_06_039_store_card_prescreens': storeCardPrescreens,
  '2026_12_06_040_store_card_applications': storeCardApplications,
  '2026_12_07_037_email_signup_consent': emailSignupConsent,
  '2026_12_07_038_support_agents': supportAgents,
  '2026_12_07_041_editors': editors,
  '2026_12_07_042_content_documents': contentDocuments,
  '2026_12_07_045_prop65': prop65,
  '2026_12_07_046_basket_version_once': basketVersionOnce,
  '2026_12_07_047_open_baskets_index': openBasketsIndex,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
