import { API } from '#src/lib/api/contract.ts';
import { AGENT_EXTENSION_COOKIE } from '#src/lib/support-agents/agent-rules.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { secureCookies } from '#src/web/http/session-cookies.ts';

export const prerender = false;

/**
 * A support agent signs in on their phone extension: their own `agent` cookie (written by the web layer from the
 * answer), never the shopper's session; and the extension in a cookie the card fields read (agent-rules.ts).
 */
export const POST = apiEndpoint(API.agentSignIn, async ({ locals, cookies, url }, input) => {
  const agent = await locals.commerce.agents.signIn(input);
  cookies.set(AGENT_EXTENSION_COOKIE, agent.extension, { path: '/', sameSite: 'strict', secure: secureCookies(url), httpOnly: false });
  return success(agent);
});
