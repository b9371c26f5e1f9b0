import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { validateMerchant } from '#src/server/wallet/wallet-facade.ts';

export const prerender = false;

/** Merchant validation for the payment sheet: the merchant session for a validation URL on Apple's hosts. */
export const POST = apiEndpoint(API.walletValidation, async ({ locals }, { validationURL }) =>
  success({ merchantSession: await validateMerchant(locals, validationURL) }),
);
