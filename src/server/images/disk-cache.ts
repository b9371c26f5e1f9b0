// Variants kept on disk under DATA_DIR/image-cache, one file each, named by their key (a hash of the source's
// content, the canonical parameters and the format). Bounded by bytes and by entries: when a new file takes the
// folder past a bound, the folder is read (with what other instances sharing DATA_DIR wrote) and the least recently
// used files go, down to 90% of each bound. Between two such reads an instance counts its own writes on top of what
// it last saw, and reads the folder again at least every SWEEP_EVERY writes, so files other instances wrote meanwhile
// are counted too: one instance keeps the folder within its bounds exactly; several sharing it, within SWEEP_EVERY
// writes each. A hit refreshes the file's time (at most once a minute): "recently used" across instances and restarts.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DiskCacheBounds {
  maxBytes: number;
  maxEntries: number;
}

const TOUCH_EVERY_MS = 60_000;
const STALE_TEMP_MS = 60_000;
const LOW_WATER = 0.9;
const SWEEP_EVERY = 50;

export class ImageDiskCache {
  readonly #touched = new Map<string, number>();
  #sweeping: Promise<void> | null = null;
  #sweepAgain = false;
  /** What the folder held at the last read, plus this instance's writes since; unknown (infinite) before the first. */
  #count = Number.POSITIVE_INFINITY;
  #bytes = Number.POSITIVE_INFINITY;
  #writesSinceSweep = 0;

  readonly dir: string;
  readonly bounds: DiskCacheBounds;

  constructor(dir: string, bounds: DiskCacheBounds) {
    this.dir = dir;
    this.bounds = bounds;
    mkdirSync(dir, { recursive: true });
  }

  #path(file: string): string {
    return join(this.dir, file);
  }

  /** The kept variant, or null. */
  async get(file: string): Promise<Buffer | null> {
    try {
      const data = await readFile(this.#path(file));
      const now = Date.now();
      if (now - (this.#touched.get(file) ?? 0) > TOUCH_EVERY_MS) {
        this.#touched.set(file, now);
        utimes(this.#path(file), now / 1000, now / 1000).catch(() => {});
      }
      return data;
    } catch {
      return null;
    }
  }

  /** Keeps a new variant (written whole, then renamed, so a reader never sees half a file), then trims the folder. */
  async put(file: string, data: Buffer): Promise<void> {
    const temp = this.#path(`.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
    await writeFile(temp, data);
    await rename(temp, this.#path(file));
    this.#touched.set(file, Date.now());
    this.#count++;
    this.#bytes += data.length;
    this.#writesSinceSweep++;
    if (this.#count > this.bounds.maxEntries || this.#bytes > this.bounds.maxBytes || this.#writesSinceSweep >= SWEEP_EVERY) await this.trim();
  }

  /** Brings the folder within its bounds; calls while one runs share it, plus one more pass after. */
  trim(): Promise<void> {
    if (this.#sweeping) {
      this.#sweepAgain = true;
      return this.#sweeping;
    }
    this.#sweeping = (async () => {
      do {
        this.#sweepAgain = false;
        await this.#sweep();
      } while (this.#sweepAgain);
    })().finally(() => (this.#sweeping = null));
    return this.#sweeping;
  }

  async #sweep(): Promise<void> {
    const names = await readdir(this.dir);
    const entries: { name: string; size: number; used: number }[] = [];
    const now = Date.now();
    for (const name of names) {
      const info = await stat(this.#path(name)).catch(() => null);
      if (!info?.isFile()) continue;
      if (name.startsWith('.tmp-')) {
        if (now - info.mtimeMs > STALE_TEMP_MS) await unlink(this.#path(name)).catch(() => {});
        continue;
      }
      entries.push({ name, size: info.size, used: info.mtimeMs });
    }
    let bytes = entries.reduce((sum, e) => sum + e.size, 0);
    let count = entries.length;
    if (bytes > this.bounds.maxBytes || count > this.bounds.maxEntries) {
      entries.sort((a, b) => a.used - b.used);
      for (const e of entries) {
        if (bytes <= this.bounds.maxBytes * LOW_WATER && count <= Math.floor(this.bounds.maxEntries * LOW_WATER)) break;
        await unlink(this.#path(e.name)).catch(() => {});
        this.#touched.delete(e.name);
        bytes -= e.size;
        count--;
      }
    }
    this.#count = count;
    this.#bytes = bytes;
    this.#writesSinceSweep = 0;
    // Only files still there keep a time of use here, so this map is as bounded as the folder.
    const present = new Set(entries.map((e) => e.name));
    for (const name of this.#touched.keys()) if (!present.has(name)) this.#touched.delete(name);
  }
}
