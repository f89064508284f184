// A clock's time as people read it: minutes and seconds, tenths in the last ten seconds.

/**
 * `9:59`, `1:05:00` past an hour, `0:07.3` under ten seconds; without `tenths` (a countdown
 * that ticks by the second), `0:07`.
 */
export function clockText(ms: number, tenths = true): string {
  const seconds = Math.floor(ms / 1000);
  const two = (n: number): string => String(n).padStart(2, '0');
  if (tenths && ms < 10_000) return `0:${two(seconds)}.${Math.floor(ms / 100) % 10}`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  return h > 0 ? `${h}:${two(m)}:${two(seconds % 60)}` : `${m}:${two(seconds % 60)}`;
}
