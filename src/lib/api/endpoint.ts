import type * as v from 'valibot';
import type { Replies, ReplyName } from './replies/index.ts';
import type { RequestName, Requests } from './requests.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the API: where it is, the JSON body it reads and the body of its success reply. The schemas are
 * named, not held (src/lib/api/requests.ts, src/lib/api/replies/): every island that calls the API imports the
 * table, and it costs a page a few hundred bytes this way rather than every schema of the store.
 */
export interface ApiEndpoint {
  readonly method: Method;
  /** As the spec writes it (some with a trailing slash, which the routes ignore). */
  readonly path: string;
  /** The body the endpoint reads with readBody; absent when it reads none. */
  readonly request?: RequestName;
  readonly reply: ReplyName;
}

/** A table of endpoints, with its paths, methods and schema names kept as literal types. */
export const defineEndpoints = <const T extends Record<string, ApiEndpoint>>(table: T): T => table;

/** The success reply's body. */
export type ReplyOf<E extends ApiEndpoint> = v.InferOutput<Replies[E['reply']]>;
/** What a caller sends (the schema's input: defaults may be left out). */
export type PayloadOf<E extends ApiEndpoint> = E extends { request: infer N extends RequestName } ? v.InferInput<Requests[N]> : undefined;
/** What the endpoint gets once the body is read and checked. */
export type InputOf<E extends ApiEndpoint> = E extends { request: infer N extends RequestName } ? v.InferOutput<Requests[N]> : undefined;
