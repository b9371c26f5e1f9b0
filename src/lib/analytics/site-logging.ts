import { SITE_ERROR_EVENT, type SiteErrorDetail } from '../analytics.ts';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import { LOG_LINES_PER_PAGE, LOG_MESSAGE_MAX } from '../schemas/logging.ts';

/**
 * The browser's log line to the server (spec §7 POST /api/global/logging: message, isNotAnErrorLog). The islands'
 * errors, failed calls and search failures go there. The server takes a line of at most LOG_MESSAGE_MAX characters
 * and only so many a minute (src/web/http/site-log.ts), so the browser sends at most LOG_LINES_PER_PAGE per page too.
 */
let sent = 0;

/**
 * Sends a line to the server's log, without waiting and without reporting its own failure (a failed log call must
 * not become another log call). A line longer than the server takes is cut, never dropped.
 */
export function sendLog(message: string, isNotAnErrorLog = false): void {
  if (sent >= LOG_LINES_PER_PAGE) return;
  sent++;
  void callApi(API.logging, { message: message.slice(0, LOG_MESSAGE_MAX) || '(empty)', isNotAnErrorLog }, { unreported: true });
}

/** The page's uncaught errors, rejected promises and failed calls, sent to the server's log (started once per page). */
export function reportPageErrors(): void {
  window.addEventListener(SITE_ERROR_EVENT, (e) => {
    const { path, status, message } = (e as CustomEvent<SiteErrorDetail>).detail;
    // A failed log call is no site error (sendLog's call is unreported), so this never loops.
    sendLog(`[call] ${path} answered ${status}: ${message}`);
  });
  window.addEventListener('error', (e) => sendLog(`[page] ${e.message} (${e.filename}:${e.lineno})`));
  window.addEventListener('unhandledrejection', (e) =>
    sendLog(`[page] unhandled rejection: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`),
  );
}
