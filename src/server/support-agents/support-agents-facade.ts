import type { AgentsApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import { getDb } from '../db/database.ts';
import type { CallSession } from '../session/call-session.ts';
import { embeddedRecorder } from './call-recorder.ts';
import { currentAgent, setRecording, signInAgent, signOutAgent } from './support-agents.ts';

/** The agents resource of the commerce API (src/lib/commerce-api/commerce-api.ts AgentsApi): the agent's own token only. */
export const agentsOperations: Implementation<CallSession, AgentsApi> = {
  async signIn(call, input) {
    const { token, maxAge, agent } = await signInAgent(await getDb(), input, call.client);
    call.keep.agent = { token, maxAge };
    return agent;
  },
  async current(call) {
    const agent = await currentAgent(await getDb(), call.agent);
    return agent && { name: agent.name, extension: agent.extension };
  },
  async signOut(call) {
    await signOutAgent(await getDb(), call.agent);
    call.keep.agent = null;
    return null;
  },
  async recording(call, input) {
    const db = await getDb();
    return setRecording(db, embeddedRecorder(db), call.agent, input);
  },
};
