// A waiting list's hours: the player picks them in their own time, the server keeps them as
// hours of UTC. An offset of half an hour (India's) puts a local hour in the UTC hour it starts
// in, and reads that UTC hour back as the same local hour.

/** The minutes the local time is behind UTC now (Date's sign: positive west of Greenwich). */
const behind = (): number => new Date().getTimezoneOffset();

/** The UTC hour a local hour starts in. */
export const utcHour = (local: number, offset = behind()): number =>
  ((Math.floor((local * 60 + offset) / 60) % 24) + 24) % 24;

/** The local hour a UTC hour stands for (the inverse of `utcHour`). */
export const localHour = (utc: number, offset = behind()): number =>
  ((Math.ceil((utc * 60 - offset) / 60) % 24) + 24) % 24;

/** The local hours from `from` up to `to` (not included), round midnight; all day if equal. */
export function hoursBetween(from: number, to: number): number[] {
  const count = from === to ? 24 : (to - from + 24) % 24;
  return Array.from({ length: count }, (_, i) => (from + i) % 24);
}

/**
 * The span of local hours that a set of them makes, as `hoursBetween` makes it: its first hour
 * and the hour after its last; undefined for none. A set of several spans gives its first.
 */
export function spanOf(hours: readonly number[]): { from: number; to: number } | undefined {
  if (hours.length === 0) return undefined;
  if (hours.length === 24) return { from: 0, to: 0 };
  const has = new Set(hours);
  const from = hours.find((h) => !has.has((h + 23) % 24)) ?? hours[0]!;
  let to = from;
  while (has.has(to)) to = (to + 1) % 24;
  return { from, to };
}
