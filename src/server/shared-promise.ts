/**
 * One promise shared by every caller: a database opened, a module loaded, a value read, kept once started. A promise
 * that rejects is dropped (unless another has been kept since), so the next caller starts again rather than getting
 * the same failure forever: a database not reachable yet, a module that failed to load, a read that timed out.
 */
export class SharedPromise<T> {
  #kept: Promise<T> | undefined;

  /** What is kept now, settled or not; undefined when nothing is (never started, forgotten, or failed). */
  get current(): Promise<T> | undefined {
    return this.#kept;
  }

  /** Keeps `promise` in place of what was kept, and answers it. */
  keep(promise: Promise<T>): Promise<T> {
    this.#kept = promise;
    promise.catch(() => {
      if (this.#kept === promise) this.#kept = undefined;
    });
    return promise;
  }

  /** What is kept, or `load()` started and kept. */
  once(load: () => Promise<T>): Promise<T> {
    return this.#kept ?? this.keep(load());
  }

  /** Drops what is kept: the next `once` starts again. */
  forget(): void {
    this.#kept = undefined;
  }
}
