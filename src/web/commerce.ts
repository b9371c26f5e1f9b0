import type { APIContext } from 'astro';
import { type Answer, type Caller, CommerceRefusal, REQUEST_DEADLINE_MS } from '#src/lib/commerce-api/call.ts';
import type { BoundApi, CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { OPERATIONS } from '#src/lib/commerce-api/operations.ts';
import { clientAddress } from './http/client-address.ts';
import { agentToken, DEVICE_COOKIE_PATH, deviceToken, editorToken, keepCookies, sessionToken } from './http/session-cookies.ts';

/** The commerce API as a page or endpoint calls it (`Astro.locals.commerce`): the request's caller already bound. */
export type RequestCommerce = BoundApi<CommerceApi>;

type BindContext = Pick<APIContext, 'cookies' | 'url' | 'request' | 'clientAddress'>;

/**
 * Binds the commerce API to one request: every call carries the shopper's session token (from their cookie), the
 * client's address, the request's id, on the sign-in path the device token, on the editors' paths the editor's token
 * (from the editor's own cookie), and a support agent's own token; what a call asks to keep is
 * written to the cookies at once, and later calls of the same request carry the new session. A refusal is thrown as
 * a CommerceRefusal, which the endpoint wrapper (src/web/http/api.ts) answers with its status and message.
 */
export function bindCommerce(api: CommerceApi | Promise<CommerceApi>, context: BindContext, startedAt = Date.now()): RequestCommerce {
  let token = sessionToken(context.cookies);
  let client: string | undefined;
  const clientOf = () => {
    client ??= clientAddress(context);
    return client;
  };
  const requestId = crypto.randomUUID();
  // Counted from when the request arrived, so a wait before the binding (the edge's stamp) is counted too.
  const deadline = startedAt + REQUEST_DEADLINE_MS;
  const device = context.url.pathname.startsWith(DEVICE_COOKIE_PATH) ? deviceToken(context.cookies) : undefined;
  let editor = editorToken(context.cookies, context.url.pathname);
  let agent = agentToken(context.cookies);
  const caller = (): Caller => ({
    session: token,
    client: clientOf(),
    requestId,
    deadline,
    ...(device ? { device } : {}),
    ...(editor ? { editor } : {}),
    ...(agent ? { agent } : {}),
  });
  const call = async (resource: string, name: string, input?: unknown) => {
    const target = (await api) as unknown as Record<string, Record<string, (caller: Caller, input?: unknown) => Promise<Answer<unknown>>>>;
    const answer = await target[resource]![name]!(caller(), input);
    if (answer.keep) {
      keepCookies(context, answer.keep);
      if (answer.keep.session !== undefined) token = answer.keep.session?.token ?? null;
      if (answer.keep.editor !== undefined) editor = answer.keep.editor?.token;
      if (answer.keep.agent !== undefined) agent = answer.keep.agent?.token;
    }
    if (!answer.ok) throw new CommerceRefusal(answer.problem);
    return answer.value;
  };
  return new BoundCommerce(call) as unknown as RequestCommerce;
}

type Call = (resource: string, name: string, input?: unknown) => Promise<unknown>;
type ResourceCalls = Record<string, (input?: unknown) => Promise<unknown>>;

/**
 * One request's API: a getter per resource on the prototype, defined once per process (fifteen accessors defined on
 * each request's own object would cost about 17 µs of every request). A resource's calls are made when a page first
 * reaches for it: most requests use one or two of the resources.
 */
class BoundCommerce {
  readonly #call: Call;
  readonly #resources: Record<string, ResourceCalls> = {};
  constructor(call: Call) {
    this.#call = call;
  }
  static {
    for (const [resource, ops] of Object.entries(OPERATIONS)) {
      const names = Object.keys(ops);
      Object.defineProperty(BoundCommerce.prototype, resource, {
        get(this: BoundCommerce) {
          this.#resources[resource] ??= Object.fromEntries(names.map((name) => [name, (input?: unknown) => this.#call(resource, name, input)]));
          return this.#resources[resource];
        },
      });
    }
  }
}
