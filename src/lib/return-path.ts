/**
 * Where a sign-in may send the shopper back to (`?original=`): only a path of this site. The text is resolved the
 * way a browser resolves a Location header, against a placeholder origin, and must stay on it; backslashes and
 * control characters (which browsers read as slashes or drop: '/\evil.example', '/\t/evil.example') are refused
 * outright. Returns the normalised path, query and fragment, or the fallback.
 */
const PLACEHOLDER = 'https://store.invalid';

export function safeReturnPath(raw: string | null | undefined, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is what this test is for
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
