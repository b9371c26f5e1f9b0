import { API } from '#src/lib/api/contract.ts';
import { WALLET_API_VERSION } from '#src/lib/wallet/payment-request.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { walletPaymentRequest } from '#src/server/wallet/wallet-facade.ts';

export const prerender = false;

/** The payment request for the visitor's bag, priced by the server, and the API version to open the sheet with. */
export const POST = apiEndpoint(API.walletRequest, async ({ locals }) =>
  success({ version: WALLET_API_VERSION, paymentRequest: await walletPaymentRequest(locals) }),
);
