/**
 * Whether an instant window is open at `nowMs`, to the minute. Shared by the server and the header's script, which
 * imports it from here and not from time-window.ts: that module brings luxon, which only the build and the server
 * need to turn New York wall-clock times into instants.
 */
export function isOpenAt(start: number | null, end: number | null, nowMs: number): boolean {
  const minute = Math.floor(nowMs / 60_000) * 60_000;
  return (start === null || minute >= start) && (end === null || minute < end);
}
