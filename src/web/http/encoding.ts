import Negotiator from 'negotiator';

/** Encodings in the order we prefer them when the browser accepts several equally. */
const PREFERRED = ['br', 'gzip', 'identity'];

/** The encoding to send for a request's Accept-Encoding: the browser's choice by q-value, ours (br, then gzip) on a tie. */
export function chooseEncoding(acceptEncoding: string | null | undefined, available: readonly string[]): string {
  if (available.length === 0) return 'identity';
  // @types/negotiator lags the library: encoding() takes { preferred } since negotiator 0.6.4.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } }) as unknown as {
    encoding(available: string[], opts: { preferred: string[] }): string | undefined;
  };
  return negotiator.encoding([...available, 'identity'], { preferred: PREFERRED }) ?? 'identity';
}

/** What is worth compressing: text, JSON, scripts, SVG; never an event stream, which must go out as it happens. */
export const isCompressible = (contentType: string | null): boolean =>
  /^\s*(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i.test(contentType ?? '');
