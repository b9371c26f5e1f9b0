import type { Caller, Keep } from '#src/lib/commerce-api/call.ts';
import { config } from '../config.ts';
import { getDb } from '../db/database.ts';
import {
  attachBasket,
  type BagHolder,
  createSession,
  draftSession,
  loadSessionWith,
  newSessionHolder,
  type Session,
  type SessionBeside,
  sessionRowAlone,
} from './session.ts';

/**
 * One call's session, inside the engine: the session the caller's token names (loaded on first use, then kept for
 * the call), or a draft when there is none. The engine alone makes, finds and ends sessions; what the caller must
 * keep for the shopper afterwards (a new token, or none) is written into `keep`, which the call answers with.
 */
export interface CallSession {
  readonly client: string;
  readonly requestId: string;
  /** The sign-in device token the caller presented. */
  readonly device: string | undefined;
  /** A content editor's token the caller presented (the editor's cookie; never the shopper's session). */
  readonly editor: string | undefined;
  /** The support agent's session token the caller presented (only the agents resource reads it). */
  readonly agent: string | undefined;
  /** What the call's answer asks the caller to keep. */
  readonly keep: Keep;
  /** The visitor's session: the one their token names, or an unsaved draft (no row, no token). */
  session(): Promise<Session>;
  /**
   * The same session, read in one statement with what `beside` reads for it (a bag read's stamp: basket-stamp.ts),
   * when this call has not read it yet. `with` is undefined when the session was read before, or is a draft.
   */
  sessionWith<T>(beside: SessionBeside<T>): Promise<{ session: Session; with: T | undefined }>;
  /** The same session, stored (a new token in `keep`) if it was a draft; with a bag, the bag is attached to it. */
  keepSession(basketId?: string): Promise<Session>;
  /**
   * For a draft's first add: the holder that stores the session in the add's own transaction (newSessionHolder).
   * keepSession after the add then only hands the token back.
   */
  firstBagHolder(): Promise<BagHolder>;
  /** The call has made the shopper a new session (a sign-in): its token is handed back, and later reads see it. */
  grant(token: string, session: Session, ttl: number): void;
  /** The call ended the session (a sign-out): the caller drops the token. */
  ended(): void;
}

/** The cookie lifetime of a session: a signed-in session without keep-me-signed-in lasts as long as the browser. */
const cookieAge = (session: Session, ttl: number): number | null => (session.customerId && !session.remember ? null : ttl);

export function callSession(caller: Caller): CallSession {
  let current: Promise<Session> | undefined;
  let kept: Promise<Session> | undefined;
  let holder: ReturnType<typeof newSessionHolder> | undefined;
  const keep: Keep = {};
  const guestTtl = () => config().SESSION_TTL_SECONDS;
  const sessionWith = <T>(beside: SessionBeside<T>): Promise<{ session: Session; with: T | undefined }> => {
    if (current) return current.then((stored) => ({ session: stored, with: undefined }));
    const read = (async () => {
      const found = await loadSessionWith(await getDb(), caller.session ?? undefined, guestTtl(), beside);
      return { session: found.session ?? draftSession(), with: found.with };
    })();
    current = read.then((r) => r.session);
    return read;
  };
  const session = () => current ?? sessionWith(sessionRowAlone).then((r) => r.session);
  const grant = (token: string, stored: Session, ttl: number) => {
    keep.session = { token, usid: stored.usid, maxAge: cookieAge(stored, ttl) };
    current = Promise.resolve(stored);
    kept = current;
  };
  const keepDraft = async (basketId: string | undefined): Promise<Session> => {
    const visitor = await session();
    if (visitor.saved) return visitor;
    const { token, session: stored } = holder?.made ?? (await createSession(await getDb(), guestTtl(), { usid: visitor.usid, basketId }));
    // The cookie outlives an empty guest row on purpose: the row's expiry is the authority, and once the session
    // holds a bag the row lives the full guest lifetime too.
    grant(token, stored, guestTtl());
    return stored;
  };
  return {
    client: caller.client,
    requestId: caller.requestId,
    device: caller.device,
    editor: caller.editor,
    agent: caller.agent,
    keep,
    session,
    sessionWith,
    async keepSession(basketId) {
      kept ??= keepDraft(basketId);
      const stored = await kept;
      if (basketId) await attachBasket(await getDb(), stored, basketId, guestTtl());
      return stored;
    },
    async firstBagHolder() {
      // The draft's usid goes on with the stored session, as keepSession's would.
      holder ??= newSessionHolder(guestTtl(), (await session()).usid);
      return holder;
    },
    grant,
    ended() {
      keep.session = null;
      current = Promise.resolve(draftSession());
    },
  };
}
