/**
 * Error text resolution of the spec (header document, section 8), the one place it happens: the error itself if
 * it is a string, its message, the response data's message, a message field, the serialised object, else
 * 'Unknown error occurred'.
 */
export const UNKNOWN_ERROR = 'Unknown error occurred';

export function resolveErrorText(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object') {
    const e = error as { error?: unknown; response?: { data?: { message?: unknown } }; data?: { message?: unknown }; message?: unknown };
    if (typeof e.error === 'string' && e.error) return e.error;
    if (e.error && typeof e.error === 'object' && typeof (e.error as { message?: unknown }).message === 'string') {
      return (e.error as { message: string }).message;
    }
    const dataMessage = e.response?.data?.message ?? e.data?.message;
    if (typeof dataMessage === 'string' && dataMessage) return dataMessage;
    if (typeof e.message === 'string' && e.message) return e.message;
    try {
      const text = JSON.stringify(error);
      if (text && text !== '{}') return text;
    } catch {
      // circular: fall through
    }
  }
  return UNKNOWN_ERROR;
}

/**
 * The server's own message for a failed call, or the form's fallback when there is none: the network failed
 * (status 0) or the reply carried no message (a proxy's HTML error page). Checkout spec §8: 'the token message, or
 * Something went wrong. Try again' (sign-in), '… or Something went wrong. Please try again.' (forgot password).
 */
export function serverMessageOr(result: { status: number; message: string }, fallback: string): string {
  return result.status === 0 || !result.message || result.message === UNKNOWN_ERROR ? fallback : result.message;
}
