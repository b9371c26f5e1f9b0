import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { TEST_IDENTITIES } from './identities.ts';

/**
 * The local provider's own sign-in screen (what Google's or Facebook's page is for a real provider): pick a test
 * identity's e-mail and password, or cancel. The store is a first-party client, so consent is granted at once.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:340px;margin:24px auto;padding:0 16px}label{display:block;margin:10px 0 4px}input{width:100%;padding:8px;box-sizing:border-box}button{margin-top:14px;padding:10px 14px}.err{color:#a3211b}</style>
</head><body>${body}</body></html>`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let data = '';
  for await (const chunk of req) {
    data += chunk;
    if (data.length > 4096) break;
  }
  return new URLSearchParams(data);
}

function loginForm(uid: string, error?: string, email = ''): string {
  const hints = TEST_IDENTITIES.map((i) => `<li>${esc(i.email)} / ${esc(i.password)}${i.email_verified ? '' : ' (e-mail not verified)'}</li>`).join(
    '',
  );
  return `<h1>Local ID</h1><p>The store's built-in test identity provider.</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${esc(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" value="${esc(email)}" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Continue</button></form>
<form method="post" action="/oidc/interaction/${esc(uid)}/abort"><button type="submit">Cancel</button></form>
<details><summary>Test identities</summary><ul>${hints}</ul></details>`;
}

export async function handleInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const details = await provider.interactionDetails(req, res);
    const uid = details.uid;
    const action = (req.url ?? '').split('?')[0]!.split('/')[3];

    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      if (req.method === 'POST' && action === 'login') {
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const identity = TEST_IDENTITIES.find((i) => i.email === email && i.password === form.get('password'));
        if (!identity) return page(res, 200, 'Local ID', loginForm(uid, 'That e-mail and password do not match a test identity.', email));
        await provider.interactionFinished(req, res, { login: { accountId: identity.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      return page(res, 200, 'Local ID', loginForm(uid));
    }
    // Consent: the store is the provider's only, first-party client; grant what it asked for.
    const { params, session, prompt } = details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
  } catch (err) {
    console.error('[oidc] interaction failed', err);
    page(res, 400, 'Local ID', '<h1>Local ID</h1><p class="err" role="alert">This sign-in has expired. Close this window and try again.</p>');
  }
}
