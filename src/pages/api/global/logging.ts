import { API } from '#src/lib/api/contract.ts';
import { BadRequest, success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { clientAddress } from '#src/web/http/client-address.ts';
import { LOG_TOO_MANY, writeSiteLog } from '#src/web/http/site-log.ts';

export const prerender = false;

/** The browser's log line (spec §7: message, isNotAnErrorLog): the islands' errors and the search failures. */
export const POST = apiEndpoint(API.logging, async (context, { message, isNotAnErrorLog }) => {
  if (!writeSiteLog(clientAddress(context), message, isNotAnErrorLog)) throw new BadRequest(LOG_TOO_MANY, 429);
  return success({ success: true as const });
});
