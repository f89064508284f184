// The Elo difference a match result suggests, with a 95% interval, for `agon match`. The
// interval comes from the spread of the per-game scores (normal approximation); when every
// game went the same way that spread is zero and says nothing, so the text says so instead.

/** A match result from one side's view. */
export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

const Z95 = 1.96;

/** The Elo difference that predicts the score fraction `s` (0 to 1): ±Infinity at the ends. */
export function eloOf(s: number): number {
  if (s <= 0) return Number.NEGATIVE_INFINITY;
  if (s >= 1) return Number.POSITIVE_INFINITY;
  return -400 * Math.log10(1 / s - 1);
}

/** The score fraction of a tally: wins plus half the draws, over the games. */
export function scoreOf(t: Tally): number {
  const games = t.wins + t.draws + t.losses;
  return games === 0 ? 0.5 : (t.wins + t.draws / 2) / games;
}

/** An Elo value as text: signed and rounded, or ±inf. */
function eloText(elo: number): string {
  if (elo === Number.POSITIVE_INFINITY) return '+inf';
  if (elo === Number.NEGATIVE_INFINITY) return '-inf';
  const r = Math.round(elo);
  return r > 0 ? `+${r}` : String(r);
}

/** `Elo <diff> (95%: <low> to <high>)`, or the honest bound when every game had one result. */
export function eloSummary(t: Tally): string {
  const n = t.wins + t.draws + t.losses;
  if (n === 0) return 'Elo unknown: no games';
  const s = scoreOf(t);
  if (t.wins === n || t.losses === n) {
    // All wins in n games: the per-game score p with p^n = 5% is the one-sided 95% bound.
    const bound = eloOf(0.05 ** (1 / n));
    return t.wins === n
      ? `Elo +inf (95%: > ${eloText(bound)})`
      : `Elo -inf (95%: < ${eloText(-bound)})`;
  }
  if (t.draws === n) return 'Elo 0 (no interval: every game was drawn)';
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n;
  const se = Math.sqrt(variance / n);
  const low = eloOf(s - Z95 * se);
  const high = eloOf(s + Z95 * se);
  return `Elo ${eloText(eloOf(s))} (95%: ${eloText(low)} to ${eloText(high)})`;
}
