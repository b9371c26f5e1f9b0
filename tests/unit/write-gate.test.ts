import { describe, expect, it } from 'vitest';
import { WriteGate } from '#src/server/db/write-gate.ts';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the write gate (src/server/db/write-gate.ts)', () => {
  it('closes once the transactions already in have left, holds new ones until it opens, then lets them on in order', async () => {
    const gate = new WriteGate();
    await gate.enter();
    await gate.enter();
    let drained = false;
    const closing = gate.close().then(() => {
      drained = true;
    });
    const order: number[] = [];
    const waiting = [1, 2].map((n) => gate.enter().then(() => order.push(n)));
    gate.leave();
    await settled();
    expect(drained).toBe(false);
    gate.leave();
    await closing;
    expect(drained).toBe(true);
    await settled();
    expect(order).toEqual([]);
    gate.open();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2]);
    expect(gate.closed).toBe(false);
  });

  it('closes at once with nothing in, and refuses to be closed twice', async () => {
    const gate = new WriteGate();
    await gate.close();
    expect(gate.closed).toBe(true);
    expect(() => gate.close()).toThrow('closed already');
    gate.open();
    await gate.enter();
    gate.leave();
  });
});
