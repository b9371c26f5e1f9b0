import { describe, expect, it } from 'vitest';
import { handOverNotice, LOGIN_SUCCESS, takeHandedNotice } from '#src/lib/handed-notice.ts';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

describe('the message handed to the next page', () => {
  it('is shown by the next page once, and by no page after it', () => {
    const storage = memory();
    handOverNotice(storage, LOGIN_SUCCESS);
    expect(takeHandedNotice(storage)).toBe('Login completed successfully');
    expect(takeHandedNotice(storage)).toBeNull();
  });
});
