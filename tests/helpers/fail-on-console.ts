// Vitest setup: a test that prints through console.error or console.warn fails. React reports its own misuse
// (setState while rendering, missing keys, act() warnings, invalid DOM nesting) only there, so a warning left
// printing is a bug left in. A test that expects a log replaces the method with its own spy
// (vi.spyOn(console, 'error').mockImplementation(...)), which takes the call before it reaches this wrapper.
import { afterEach, beforeEach } from 'vitest';

const methods = ['error', 'warn'] as const;
const originals = { error: console.error, warn: console.warn };
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  for (const method of methods) {
    console[method] = (...args: unknown[]) => {
      printed.push(`console.${method}: ${args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ')}`);
      originals[method](...args);
    };
  }
});

afterEach(() => {
  for (const method of methods) console[method] = originals[method];
  if (printed.length > 0) {
    const report = printed.join('\n');
    printed = [];
    throw new Error(
      `The test printed ${report.split('\n').length > 1 ? 'these' : 'this'} on the console (fix the cause, or spy on the console where a log is expected):\n${report}`,
    );
  }
});
