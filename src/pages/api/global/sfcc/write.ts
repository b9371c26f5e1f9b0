import { API } from '#src/lib/api/contract.ts';
import { recordingAction } from '#src/lib/support-agents/agent-rules.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Store-side controllers that change something (product spec §7 sfcc/write): only the call recording's mute and
 * unmute, for the support agent in context (their own cookie); a shopper, signed in or not, is refused with 401.
 */
export const POST = apiEndpoint(API.sfccWrite, async ({ locals }, { controllerName, params }) =>
  success(await locals.commerce.agents.recording({ action: recordingAction(controllerName), extension: params.extension })),
);
