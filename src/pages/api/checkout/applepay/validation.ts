import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Merchant validation for the payment sheet: the merchant session for a validation URL on Apple's hosts. */
export const POST = apiEndpoint(API.walletValidation, async ({ locals }, { validationURL }) =>
  success({ merchantSession: await locals.commerce.wallet.validateMerchant({ validationUrl: validationURL }) }),
);
