import { randomUUID } from 'node:crypto';
import type { RecordingAction } from '#src/lib/support-agents/agent-rules.ts';
import type { Db } from '../db/database.ts';

/**
 * The call-recording service behind an interface (docs/decisions.md "Support-agent mode"): told to mute or unmute the
 * recording of the call on an agent's extension. The embedded default keeps each instruction in
 * `call_recording_events`, in order, so the store works offline and a test reads what the recorder was told.
 */
export interface CallRecorder {
  set(agentId: string, extension: string, action: RecordingAction): Promise<void>;
}

/**
 * Instructions given within one millisecond keep the order they were given in: the id sorts after the time (this
 * process's count, then a random part that keeps ids of different instances apart).
 */
let given = 0;
const eventId = () => `${String(++given).padStart(12, '0')}-${randomUUID()}`;

export function embeddedRecorder(db: Db): CallRecorder {
  return {
    async set(agentId, extension, action) {
      await db.kysely
        .insertInto('call_recording_events')
        .values({ id: eventId(), agent_id: agentId, extension, action, at: new Date().toISOString() })
        .execute();
    },
  };
}

/** The instructions the embedded recorder was given for an agent, oldest first. */
export async function recordingEvents(db: Db, agentId: string): Promise<{ action: string; extension: string }[]> {
  return db.kysely
    .selectFrom('call_recording_events')
    .select(['action', 'extension'])
    .where('agent_id', '=', agentId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
