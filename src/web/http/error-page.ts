import { CommerceRefusal, PROBLEM } from '#src/lib/commerce-api/call.ts';

/**
 * The page a shopper gets when a page could not be rendered: while the engine is out of reach (its server down, the
 * database restarting) a 503 that says to try again in a moment; any other failure a 500 that says the same, logged
 * here with its stack. Neither shows anything of the failure itself, and neither is kept by a cache.
 */
export const PAGE_UNAVAILABLE = 'The store could not load this page just now. Please try again in a moment.';

const html = (status: number) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please try again</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;margin:0;display:grid;place-items:center;min-height:100vh}main{max-width:32rem;padding:2rem}a{color:#0b57a4;display:inline-block;padding:.625rem 0}</style>
</head>
<body>
<main>
<h1>Please try again</h1>
<p>${PAGE_UNAVAILABLE}</p>
<p><a href="">Try again</a> · <a href="/">Go to the home page</a></p>
<p><small>Error ${status}</small></p>
</main>
</body>
</html>
`;

export function errorPage(err: unknown, requestId?: string): Response {
  const unavailable = err instanceof CommerceRefusal && err.status === 503 && (err.code === PROBLEM.unavailable || err.code === PROBLEM.unauthorized);
  if (!unavailable) console.error(`[page] ${requestId ?? ''} the page could not be rendered`, err);
  const status = unavailable ? 503 : 500;
  return new Response(html(status), {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(unavailable ? { 'retry-after': '5' } : {}),
    },
  });
}
