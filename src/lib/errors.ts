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
