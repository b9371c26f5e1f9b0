/**
 * A preview link an editor hands to another: the moment and the content it shows, and when it stops working (24 hours
 * after it was made). Opening it still needs an editor's sign-in; the expiry keeps old links from being mistaken for
 * what is planned now.
 */
export const PREVIEW_LINK_HOURS = 24;

export function previewLink(at: string, draft: boolean, made = Date.now()): string {
  const until = made + PREVIEW_LINK_HOURS * 60 * 60 * 1000;
  return `/editor/preview?${new URLSearchParams({ at, draft: draft ? '1' : '0', until: String(until) })}`;
}

/** Whether a preview address has run out: its `until` has passed (an address without one is the workspace's own frame). */
export function isPreviewExpired(params: URLSearchParams, now = Date.now()): boolean {
  const until = params.get('until');
  if (until === null) return false;
  const instant = Number(until);
  return !Number.isFinite(instant) || now > instant;
}
