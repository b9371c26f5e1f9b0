import { API } from '#src/lib/api/contract.ts';
import { WALLET_API_VERSION } from '#src/lib/wallet/payment-request.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The payment request for the visitor's bag, priced by the server, and the API version to open the sheet with. */
export const POST = apiEndpoint(API.walletRequest, async ({ locals }) =>
  success({ version: WALLET_API_VERSION, paymentRequest: await locals.commerce.wallet.paymentRequest() }),
);
