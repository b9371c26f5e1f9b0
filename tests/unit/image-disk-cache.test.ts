import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ImageDiskCache } from '#src/server/images/disk-cache.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('never keeps more entries than its bound: the least recently used go first', async () => {
  const dir = tempDir();
  const cache = new ImageDiskCache(dir, { maxBytes: 1e9, maxEntries: 10 });
  for (let i = 0; i < 10; i++) {
    await cache.put(`v${i}.jpg`, Buffer.alloc(10));
    // Distinct times, oldest first, as minutes of use would give.
    utimesSync(join(dir, `v${i}.jpg`), 1000 + i, 1000 + i);
  }
  utimesSync(join(dir, 'v0.jpg'), 5000, 5000); // v0 used again lately
  for (let i = 10; i < 15; i++) {
    await cache.put(`v${i}.jpg`, Buffer.alloc(10));
    expect(readdirSync(dir).length).toBeLessThanOrEqual(10);
  }
  expect(await cache.get('v0.jpg')).not.toBeNull();
  expect(await cache.get('v1.jpg')).toBeNull();
  expect(await cache.get('v14.jpg')).not.toBeNull();
});

it('never keeps more bytes than its bound, counting the files another instance wrote', async () => {
  const dir = tempDir();
  const bytesOnDisk = () => readdirSync(dir).length * 100;
  const mine = new ImageDiskCache(dir, { maxBytes: 1000, maxEntries: 1000 });
  for (let i = 0; i < 25; i++) {
    await mine.put(`b${i}.webp`, Buffer.alloc(100));
    expect(bytesOnDisk()).toBeLessThanOrEqual(1000);
  }
  // Another instance sharing the folder reads it before counting on its own writes.
  const theirs = new ImageDiskCache(dir, { maxBytes: 1000, maxEntries: 1000 });
  for (let i = 0; i < 25; i++) {
    await theirs.put(`t${i}.webp`, Buffer.alloc(100));
    expect(bytesOnDisk()).toBeLessThanOrEqual(1000);
  }
});
