import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Support agents, apart from shoppers (checkout spec §6 "Call-centre agent", product spec §4 "Support-agent mode"):
 * - `support_agents`: an agent's own account (e-mail, argon2id password hash, name). No customer row is an agent and
 *   no agent a customer: the tables share nothing, so no shopper's account or session can reach an agent's role.
 * - `agent_sessions`: a signed-in agent's session by the SHA-256 of its token (the `agent` cookie), with the phone
 *   extension the agent takes calls on, until `expires_at`.
 * - `call_recording_events`: what the embedded call recorder was told (mute, unmute), per agent and extension, in
 *   order; the real recorder's adapter sends the same to the recording service instead.
 */
export const supportAgents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('support_agents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('agent_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('agent_id', 'text', (c) => c.notNull().references('support_agents.id').onDelete('cascade'))
      .addColumn('extension', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('call_recording_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('agent_id', 'text', (c) => c.notNull())
      .addColumn('extension', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('call_recording_events_agent_idx').on('call_recording_events').columns(['agent_id', 'at']).execute();
  },
};
