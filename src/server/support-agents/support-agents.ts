import { randomBytes, randomUUID } from 'node:crypto';
import {
  AGENT_EXTENSION_MISMATCH,
  AGENT_REQUIRED,
  AGENT_SIGN_IN_REFUSED,
  type AgentView,
  type RecordingAction,
} from '#src/lib/support-agents/agent-rules.ts';
import type { Db } from '../db/database.ts';
import { dummyHash, hashPassword, verifyPassword } from '../accounts/password.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { Refusal } from '../refusal.ts';
import { hashToken } from '../session/session.ts';
import type { CallRecorder } from './call-recorder.ts';

/**
 * Support agents: their own accounts and sessions, in tables no shopper's account or session touches
 * (migration 038-support-agents.ts). An agent's session is found only by the `agent` cookie's token; a shopper's
 * session token names no agent session and an agent's token no shopper's session, so neither role reaches the other.
 */
export const AGENT_SESSION_SECONDS = 10 * 60 * 60;

export interface SignedInAgent extends AgentView {
  id: string;
}

export async function addAgent(db: Db, input: { email: string; password: string; name: string }): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .insertInto('support_agents')
    .values({
      id,
      email: input.email.toLowerCase(),
      password_hash: await hashPassword(input.password),
      name: input.name,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export async function signInAgent(
  db: Db,
  input: { email: string; password: string; extension: string },
  client: string,
): Promise<{ token: string; maxAge: number; agent: AgentView }> {
  await limitOr429(db, `agent:addr:${client}`, LIMITS.agentSignInPerAddress, 'Too many sign-in attempts. Please wait a few minutes and try again.');
  const row = await db.kysely.selectFrom('support_agents').selectAll().where('email', '=', input.email).executeTakeFirst();
  // An unknown e-mail costs the same hashing as a wrong password, so the answer's time says nothing.
  const ok = await verifyPassword(input.password, row?.password_hash ?? (await dummyHash()));
  if (!row || !ok) throw new Refusal(AGENT_SIGN_IN_REFUSED, 401);
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.kysely
    .insertInto('agent_sessions')
    .values({
      token_hash: hashToken(token),
      agent_id: row.id,
      extension: input.extension,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + AGENT_SESSION_SECONDS * 1000).toISOString(),
    })
    .execute();
  return { token, maxAge: AGENT_SESSION_SECONDS, agent: { name: row.name, extension: input.extension } };
}

export async function currentAgent(db: Db, token: string | undefined): Promise<SignedInAgent | null> {
  if (!token || token.length > 128) return null;
  const row = await db.kysely
    .selectFrom('agent_sessions')
    .innerJoin('support_agents', 'support_agents.id', 'agent_sessions.agent_id')
    .select(['support_agents.id', 'support_agents.name', 'agent_sessions.extension'])
    .where('agent_sessions.token_hash', '=', hashToken(token))
    .where('agent_sessions.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row ?? null;
}

export async function signOutAgent(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.kysely.deleteFrom('agent_sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Tells the recorder to mute or unmute the agent's call; only a signed-in agent, on the extension they signed in with. */
export async function setRecording(
  db: Db,
  recorder: CallRecorder,
  token: string | undefined,
  input: { action: RecordingAction; extension?: string | undefined },
): Promise<{ action: RecordingAction; extension: string }> {
  const agent = await currentAgent(db, token);
  if (!agent) throw new Refusal(AGENT_REQUIRED, 401);
  if (input.extension !== undefined && input.extension !== agent.extension) throw new Refusal(AGENT_EXTENSION_MISMATCH, 403);
  await recorder.set(agent.id, agent.extension, input.action);
  return { action: input.action, extension: agent.extension };
}
