import { emitSiteError } from './analytics.ts';
import { resolveErrorText } from './errors.ts';

/**
 * Result of a call to our API: the reply body on success, the resolved error text otherwise. Every failure is
 * reported as a site error analytics event (src/lib/analytics.ts): the islands show each as an error alert.
 */
export type ApiResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

export async function callApi<T>(method: 'GET' | 'POST' | 'DELETE' | 'PUT', path: string, payload?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: payload === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const data = (await response.json().catch(() => ({}))) as { status?: string; body?: T; message?: string; errorMessage?: string };
    if (response.ok && data.status !== 'error') return { ok: true, body: data.body as T };
    return failed(path, response.status, resolveErrorText(data.errorMessage ?? data.message ?? data));
  } catch (err) {
    return failed(path, 0, resolveErrorText(err));
  }
}

function failed(path: string, status: number, message: string): { ok: false; status: number; message: string } {
  emitSiteError({ message, status, path });
  return { ok: false, status, message };
}
