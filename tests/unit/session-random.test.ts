import { describe, expect, it } from 'vitest';
import { draftSession, hashToken } from '#src/server/session/session.ts';

describe('session identifiers (src/server/session/session.ts)', () => {
  it('hands out each random byte once, across the pool being filled again', () => {
    // 16 bytes a usid: 600 of them take the 4 KiB pool more than twice over.
    const usids = Array.from({ length: 600 }, () => draftSession().usid);
    for (const usid of usids) expect(usid).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(usids).size).toBe(usids.length);
  });

  it("keeps a token's SHA-256 in hex", () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
