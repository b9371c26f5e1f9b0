/**
 * A gate in front of this process's SQLite write transactions (db/transaction.ts withWriteTransaction), closed while
 * the WAL checkpointer's worker restarts the WAL (db/wal-checkpointer.ts): the worker can copy the whole WAL back only
 * while no transaction appends to it, and that copy ends with an fsync of the database file, 5 to 15 ms on this
 * machine. With the gate the fsync runs on the worker's thread and only writes wait for it; before, the request
 * connection ran it and every request in the process waited.
 */
export class WriteGate {
  #inFlight = 0;
  #opened: Promise<void> | undefined;
  #open: (() => void) | undefined;
  #drained: (() => void) | undefined;

  /** Waits while the gate is closed, then counts a write transaction in; `leave` counts it out. */
  async enter(): Promise<void> {
    while (this.#opened) await this.#opened;
    this.#inFlight++;
  }

  leave(): void {
    this.#inFlight--;
    if (this.#inFlight === 0) this.#drained?.();
  }

  /** Closes the gate; resolves once the write transactions already in have left. Throws if already closed. */
  close(): Promise<void> {
    if (this.#opened) throw new Error('the write gate is closed already');
    this.#opened = new Promise((resolve) => {
      this.#open = resolve;
    });
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#drained = () => {
        this.#drained = undefined;
        resolve();
      };
    });
  }

  /** Opens the gate: the transactions waiting go on, in the order they came. */
  open(): void {
    const open = this.#open;
    this.#opened = undefined;
    this.#open = undefined;
    this.#drained = undefined;
    open?.();
  }

  get closed(): boolean {
    return this.#opened !== undefined;
  }
}
