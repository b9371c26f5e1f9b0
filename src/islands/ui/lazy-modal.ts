import { lazy } from 'react';

/**
 * The modal (Modal.tsx) for dialogs that open only when the shopper reaches for them (the checkout's sign-in and
 * forgot-password dialogs): its module loads with the first reach (`loadModal`, called on pointer, focus or the
 * notice that offers it), not with the page. Mount it inside a Suspense.
 */
export const loadModal = () => import('./Modal.tsx').then((m) => ({ default: m.Modal }));
export const LazyModal = lazy(loadModal);
