// The statements (round trips to the database) one request of a target sends, as the server's driver counts them
// (src/server/db/statement-count.ts), asked over the IPC channel the bench starts the server with. Each request runs
// alone, its count read before and after; the median of several, since the server's own timers (the maintenance
// sweep) may send a statement in between.
import type { ChildProcess } from 'node:child_process';

/** Statements sent by the server so far. */
export type StatementCount = () => Promise<number>;

export function statementCounter(server: ChildProcess): StatementCount {
  return () =>
    new Promise((resolve) => {
      server.once('message', (m) => resolve((m as { statements: number }).statements));
      server.send('statements');
    });
}

/**
 * The median count of statements one `request` sends, over `times` requests one after another (each told its number).
 * An `undo` the request answers runs after its count is read (taking an applied gift card off again).
 */
export async function statementsPer(count: StatementCount, request: (i: number) => Promise<unknown>, times = 11): Promise<number> {
  const sent: number[] = [];
  for (let i = 0; i < times; i++) {
    const before = await count();
    const done = (await request(i)) as { undo?: () => Promise<unknown> } | undefined;
    sent.push((await count()) - before);
    await done?.undo?.();
  }
  sent.sort((a, b) => a - b);
  return sent[Math.floor(sent.length / 2)]!;
}
