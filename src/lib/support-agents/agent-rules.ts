import * as v from 'valibot';

/**
 * Support-agent mode (checkout spec §6, product spec §4, §7 sfcc/write): a call-centre agent signs in apart from
 * shoppers and, while in context, call recording is muted while card fields have focus and unmuted after.
 */
export const RECORDING_CONTROLLERS = { mute: 'CallRecording-Mute', unmute: 'CallRecording-Unmute' } as const;
export type RecordingAction = keyof typeof RECORDING_CONTROLLERS;

/**
 * The extension of the support agent in context, as a cookie the page's scripts can read (the agent's token is in
 * the HttpOnly `agent` cookie): the card fields read it to know an agent is in context. It grants nothing; the
 * server checks the agent's token on every recording call.
 */
export const AGENT_EXTENSION_COOKIE = 'agentExtension';

export const AGENT_SIGN_IN_REFUSED = 'The e-mail or password is incorrect.';
export const AGENT_REQUIRED = 'Please sign in as a support agent.';
export const AGENT_EXTENSION_MISMATCH = 'That is not the extension you signed in with.';

/** A phone extension: 2 to 8 digits. */
export const Extension = v.pipe(
  v.string('Enter your phone extension.'),
  v.trim(),
  v.regex(/^\d{2,8}$/, 'Enter your phone extension: 2 to 8 digits.'),
);

export const AgentSignInSchema = v.object({
  email: v.pipe(v.string('Enter your e-mail.'), v.trim(), v.minLength(1, 'Enter your e-mail.'), v.maxLength(254), v.toLowerCase()),
  password: v.pipe(v.string('Enter your password.'), v.minLength(1, 'Enter your password.'), v.maxLength(1024)),
  extension: Extension,
});

/** POST /api/global/sfcc/write (product spec §7): controller flag, controllerName (mute or unmute recording), params.extension, body. */
export const SfccWriteSchema = v.object({
  controller: v.optional(v.boolean('controller is true or false.'), true),
  controllerName: v.picklist(
    Object.values(RECORDING_CONTROLLERS),
    `controllerName is ${RECORDING_CONTROLLERS.mute} or ${RECORDING_CONTROLLERS.unmute}.`,
  ),
  params: v.optional(v.object({ extension: v.optional(Extension) }), {}),
  body: v.optional(v.pipe(v.string('body is text.'), v.maxLength(1024))),
});

export const recordingAction = (controllerName: string): RecordingAction => (controllerName === RECORDING_CONTROLLERS.mute ? 'mute' : 'unmute');

/** A signed-in agent as pages see them. */
export interface AgentView {
  name: string;
  extension: string;
}
