import { describe, expect, it } from 'vitest';
import { SharedPromise } from '#src/server/shared-promise.ts';

describe('a shared promise (a database, a module or a read kept for every caller)', () => {
  it('starts the load once and gives every caller the same promise', async () => {
    const shared = new SharedPromise<number>();
    let loads = 0;
    const load = async () => ++loads;
    const first = shared.once(load);
    const second = shared.once(load);
    expect(second).toBe(first);
    expect(await Promise.all([first, second, shared.once(load)])).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('drops a load that failed, so the next caller starts it again', async () => {
    const shared = new SharedPromise<string>();
    let loads = 0;
    const load = async () => {
      loads++;
      if (loads === 1) throw new Error('not reachable yet');
      return 'open';
    };
    await expect(shared.once(load)).rejects.toThrow('not reachable yet');
    expect(shared.current).toBeUndefined();
    await expect(shared.once(load)).resolves.toBe('open');
    await expect(shared.once(load)).resolves.toBe('open');
    expect(loads).toBe(2);
  });

  it('keeps a newer promise when one it replaced fails afterwards', async () => {
    const shared = new SharedPromise<string>();
    const { promise: older, reject } = Promise.withResolvers<string>();
    shared.keep(older);
    const newer = shared.keep(Promise.resolve('newer'));
    reject(new Error('late failure'));
    await expect(older).rejects.toThrow('late failure');
    expect(shared.current).toBe(newer);
    await expect(shared.once(async () => 'started again')).resolves.toBe('newer');
  });

  it('starts again after being told to forget', async () => {
    const shared = new SharedPromise<number>();
    let loads = 0;
    const load = async () => ++loads;
    await shared.once(load);
    shared.forget();
    expect(shared.current).toBeUndefined();
    await expect(shared.once(load)).resolves.toBe(2);
  });
});
