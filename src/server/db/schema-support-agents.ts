/** Support agents, their sessions and the embedded call recorder's events (migration 038-support-agents.ts). */
export interface SupportAgentTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  created_at: string;
}

export interface AgentSessionTable {
  token_hash: string;
  agent_id: string;
  extension: string;
  created_at: string;
  expires_at: string;
}

export interface CallRecordingEventTable {
  id: string;
  agent_id: string;
  extension: string;
  action: string;
  at: string;
}
