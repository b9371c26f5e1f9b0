import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { AgentSignInSchema, type AgentView } from '#src/lib/support-agents/agent-rules.ts';

/**
 * The support agent's sign-in (checkout spec §6): e-mail, password and the phone extension the agent takes calls on.
 * Signed in, the agent shops and checks out for the caller in this browser; the card fields mute the call's recording.
 */
export function AgentSignIn({ initial }: { initial: AgentView | null }) {
  const [agent, setAgent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = v.safeParse(AgentSignInSchema, Object.fromEntries(form));
    if (!parsed.success) return setError(parsed.issues[0].message);
    setBusy(true);
    const r = await callApi(API.agentSignIn, parsed.output);
    setBusy(false);
    if (r.ok) {
      setError(null);
      setAgent(r.body);
    } else setError(r.message);
  };

  const signOut = async () => {
    const r = await callApi(API.agentSignOut);
    if (r.ok) setAgent(null);
  };

  if (agent) {
    return (
      <section className="agent-panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Signed in as {agent.name}</h2>
        <p role="status">On extension {agent.extension}. Call recording is muted while the card fields at checkout have focus, and unmuted after.</p>
        <p>
          <a href="/home">Shop for the caller</a>
        </p>
        <button type="button" className="button-secondary" onClick={signOut}>
          Sign Out
        </button>
      </section>
    );
  }
  return (
    <form className="agent-panel" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Support agent sign in</h2>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-ext`}>Phone extension</label>
        <input id={`${id}-ext`} name="extension" inputMode="numeric" autoComplete="off" required maxLength={8} />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Sign In
      </button>
    </form>
  );
}
