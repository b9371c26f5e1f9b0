import { useEffect, useRef, useState } from 'react';
import { getBrowserCookie, removeBrowserCookie } from '#src/lib/cookies.ts';
import { addHeldWishlistProduct } from './after-sign-in.ts';
import { handOverNotice, LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';

export interface SocialProviderButton {
  name: string;
  label: string;
}

const COOKIE = 'socialLogin';
const POLL_MS = 2000;

function readResult(): { loginSuccess: boolean; redirectToCart: boolean; provider: string; notificationMsg?: string | null } | null {
  const value = getBrowserCookie(COOKIE);
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
const clearResult = () => removeBrowserCookie(COOKIE);

/**
 * Social sign-in in a 400 × 600 popup. The page polls the socialLogin cookie every 2 s: success closes the popup,
 * clears the cookie and reloads (or opens the bag when the merge asks); failure closes it, clears the cookie and
 * fires a `loginFailure` event. A popup the browser blocked, or one closed without a result, is a failure too.
 */
export function SocialSignIn({ providers = [] }: { providers?: SocialProviderButton[] }) {
  const [failed, setFailed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);
  if (providers.length === 0) return null;

  const fail = (provider: string) => {
    setFailed(true);
    window.dispatchEvent(new CustomEvent('loginFailure', { detail: { provider } }));
  };

  const open = (provider: string) => {
    clearResult();
    setFailed(false);
    const left = window.screenX + (window.outerWidth - 400) / 2;
    const top = window.screenY + (window.outerHeight - 600) / 2;
    const popup = window.open(`/api/global/social/${provider}/start`, 'socialLogin', `width=400,height=600,left=${left},top=${top}`);
    window.clearInterval(timer.current);
    if (!popup) return fail(provider); // blocked by the browser
    let closedSeen = false;
    timer.current = window.setInterval(() => {
      const result = readResult();
      if (!result) {
        // Closed without a result: one more look (the result may land just as it closes), then a failure.
        if (popup.closed) {
          if (closedSeen) {
            window.clearInterval(timer.current);
            fail(provider);
          }
          closedSeen = true;
        }
        return;
      }
      window.clearInterval(timer.current);
      popup.close();
      clearResult();
      if (result.loginSuccess) {
        handOverNotice(sessionStorage, LOGIN_SUCCESS);
        // A product held for the wishlist before signing in is added now, as after a password sign-in.
        void addHeldWishlistProduct().then(() => {
          if (result.redirectToCart) {
            // The merge's notice shows on the bag, as after a password sign-in (after-sign-in.ts).
            if (result.notificationMsg) sessionStorage.setItem('bagNotice', result.notificationMsg);
            window.location.assign('/cart?source=newcheckout');
          } else window.location.reload();
        });
      } else {
        fail(result.provider);
      }
    }, POLL_MS);
  };

  return (
    <div className="social">
      <p>Or sign in with</p>
      {providers.map((p) => (
        <button key={p.name} type="button" className="social-button" onClick={() => open(p.name)}>
          {p.label}
        </button>
      ))}
      {failed && (
        <p className="notice notice-error" role="alert">
          Social sign-in did not complete. Please try again.
        </p>
      )}
    </div>
  );
}
