import * as v from 'valibot';

/** A signed-in support agent, and what the call recorder was told (src/lib/support-agents/agent-rules.ts). */
export const AgentReply = v.object({ name: v.string(), extension: v.string() });
export const RecordingReply = v.object({ action: v.picklist(['mute', 'unmute']), extension: v.string() });
