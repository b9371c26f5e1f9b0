import type { FocusEvent } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { documentCookies, readCookie } from '#src/lib/cookies.ts';
import { AGENT_EXTENSION_COOKIE, RECORDING_CONTROLLERS, type RecordingAction } from '#src/lib/support-agents/agent-rules.ts';

/**
 * Support-agent mode at the card fields (checkout spec §6): while an agent is in context, the call's recording is
 * muted when focus enters the card fields and unmuted when it leaves them (not when it moves between them). Without
 * an agent nothing is sent. A call that fails leaves the state as it was, so the next focus tries again.
 */
let muted = false;
// One call at a time, in order: an unmute never overtakes the mute before it.
let queue: Promise<void> = Promise.resolve();

function send(action: RecordingAction, extension: string): void {
  queue = queue.then(async () => {
    const r = await callApi(API.sfccWrite, { controller: true, controllerName: RECORDING_CONTROLLERS[action], params: { extension } });
    if (!r.ok) muted = action === 'unmute';
  });
}

export function cardFieldsFocused(): void {
  const extension = readCookie(documentCookies(), AGENT_EXTENSION_COOKIE);
  if (!extension || muted) return;
  muted = true;
  send('mute', extension);
}

export function cardFieldsBlurred(e: FocusEvent<HTMLElement>): void {
  if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
  const extension = readCookie(documentCookies(), AGENT_EXTENSION_COOKIE);
  if (!extension || !muted) return;
  muted = false;
  send('unmute', extension);
}
