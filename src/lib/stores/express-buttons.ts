import { atom } from 'nanostores';
import type { WebPaymentButtons } from '../checkout/web-payment-buttons.ts';

/**
 * The express checkout's buttons as the server handed them to the page with the checkout (checkout spec §4 "Express
 * checkout"): the web payment provider's configuration, and whether the wallet (Apple Pay) is offered. Apart from the
 * calls the buttons make (./express.ts), which the checkout's first step does not need.
 */
export const $webPaymentButtons = atom<WebPaymentButtons | null>(null);
export const $walletOffered = atom(false);
