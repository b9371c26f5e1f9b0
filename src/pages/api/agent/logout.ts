import { API } from '#src/lib/api/contract.ts';
import { AGENT_EXTENSION_COOKIE } from '#src/lib/support-agents/agent-rules.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The support agent signs out: their session ends and their cookies go; a shopper's session is untouched. */
export const POST = apiEndpoint(API.agentSignOut, async ({ locals, cookies }) => {
  await locals.commerce.agents.signOut();
  cookies.delete(AGENT_EXTENSION_COOKIE, { path: '/' });
  return success({ success: true as const });
});
