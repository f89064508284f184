// A tournament's figures as people read them: how long until it starts or ends, where it is, its
// terms, scores in halves, a player's sheet, and the lines of the standings, worked out of the
// server's answers so the pages only lay them out.

import type {
  ErrorCode,
  EventSchedule,
  SheetEntry,
  Standing,
  TournamentKind,
  TournamentListing,
  TournamentView,
} from '@agon/protocol';
import { language } from '../i18n/translations.ts';
import { clockText } from '../online/clock-text.ts';
import { daysLeftText, ratingText } from '../online/lobby-text.ts';
import { ot } from '../online/text.ts';

/** A countdown, by the second: `0:07`, `4:32`, `1:05:00`, then days and hours (`2 d 05 h`). */
export function countdownText(ms: number): string {
  // Rounded up: the start comes when the countdown shows 0:00, not a second after.
  const whole = Math.max(0, Math.ceil(ms / 1000) * 1000);
  return daysLeftText(whole, (left) => clockText(left, false));
}

/** A score: whole points, or halves as lichess writes them, `2½`, `½`. */
export function scoreText(score: number): string {
  const whole = Math.floor(score);
  return score - whole >= 0.5 ? `${whole || ''}½` : String(whole);
}

/** A tie-break, in decimals: Sonneborn-Berger halves the halves (`6.25`). */
export function tieBreakText(n: number): string {
  return new Intl.NumberFormat(language.value, { maximumFractionDigits: 2 }).format(n);
}

/** The kind of a tournament in words. */
export function kindText(kind: TournamentKind): string {
  return ot(`tour.kind.${kind}`);
}

/**
 * A tournament's name in the reader's language: a scheduled one's by its kind, with R16 where the
 * captor places a captured queen; a player's own as its maker typed it.
 */
export function tournamentName(e: {
  readonly name: string;
  readonly schedule?: EventSchedule;
}): string {
  const s = e.schedule;
  if (!s) return e.name;
  const name = ot(`tour.named.${s.kind}.${s.every}`, { speed: ot(`class.${s.speed}`) });
  return s.captor ? `${name} (R16)` : name;
}

/** How long a tournament lasts: an arena's minutes, a Swiss's rounds. */
export function lengthText(e: Pick<TournamentListing, 'kind' | 'minutes' | 'rounds'>): string {
  return e.kind === 'arena'
    ? ot('tour.minutes', { count: e.minutes ?? 0 })
    : ot('tour.rounds', { count: e.rounds ?? 0 });
}

/** A day as the lists show it: `5 Dec 2026`. */
export function dayText(at: number): string {
  return new Intl.DateTimeFormat(language.value, { dateStyle: 'medium' }).format(at);
}

/**
 * Where a tournament is at `now` (the server's clock): the countdown to its start, an arena's time
 * left or a Swiss's round (`round` is known on the tournament's page only), the last games, or
 * done.
 */
export function statusText(
  e: Pick<TournamentListing, 'status' | 'kind' | 'startsAt' | 'endsAt' | 'rounds'>,
  now: number,
  round?: number,
): string {
  switch (e.status) {
    case 'upcoming':
      return ot('tour.startsIn', { time: countdownText(e.startsAt - now) });
    case 'running':
      if (e.kind === 'arena')
        return ot('tour.timeLeft', { time: countdownText((e.endsAt ?? now) - now) });
      return round === undefined
        ? lengthText(e)
        : ot('tour.round', { round, rounds: e.rounds ?? round });
    case 'ending':
      return ot('tour.ending');
    case 'finished':
      return ot('tour.ended', { date: dayText(e.endsAt ?? e.startsAt) });
  }
}

/** The tournaments' refusals, in words; undefined for the others. */
export function tournamentRefusal(code: ErrorCode): string | undefined {
  switch (code) {
    case 'no-such-tournament':
      return ot('tour.refusal.missing');
    case 'wrong-password':
      return ot('tour.refusal.password');
    case 'tournament-closed':
      return ot('tour.refusal.closed');
    case 'no-berserk':
      return ot('tour.refusal.noBerserk');
    default:
      return undefined;
  }
}

/** One game on a sheet as shown: its points (an arena's) or result (a Swiss's), and its marks. */
interface SheetMark {
  readonly text: string;
  readonly result: SheetEntry['result'];
  readonly fire: boolean;
  readonly berserk: boolean;
}

/**
 * A sheet as lichess shows it, one figure a game, oldest first: an arena's points (`2 4 4 0`,
 * doubled on a streak), a Swiss's points of each round (`1 ½ 0`, a bye's too); `*` while a game
 * goes on.
 */
export function sheetMarks(sheet: readonly SheetEntry[]): SheetMark[] {
  return sheet.map((g) => ({
    text: g.result === null ? '*' : scoreText(g.points),
    result: g.result,
    fire: g.fire,
    berserk: g.berserk,
  }));
}

/** A line of the standings as the page shows it. */
export interface StandingLine {
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  /** A computer player, marked as one beside its name. */
  readonly bot: boolean;
  readonly rating: string;
  readonly score: string;
  readonly fire: boolean;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  readonly playing: string | null;
  /** This player's own line. */
  readonly you: boolean;
  /** The sheet, on this player's own line (the only one the server sends a sheet for). */
  readonly sheet?: readonly SheetMark[];
  /** A Swiss's tie-breaks. */
  readonly buchholz?: string;
  readonly sonnebornBerger?: string;
}

/** The line of `s` in tournament `v`; `you` is this player's id. */
function lineOf(v: TournamentView, s: Standing, you: string | undefined): StandingLine {
  const own = s.player.id === you;
  return {
    rank: s.rank,
    id: s.player.id,
    name: s.player.name,
    bot: s.player.bot === true,
    rating: ratingText(s.player.rating),
    score: scoreText(s.score),
    fire: s.fire,
    paused: s.paused,
    withdrawn: s.withdrawn,
    playing: s.playing,
    you: own,
    ...(own && v.you && { sheet: sheetMarks(v.you.sheet) }),
    ...(v.kind === 'swiss' && {
      buchholz: tieBreakText(s.buchholz ?? 0),
      sonnebornBerger: tieBreakText(s.sonnebornBerger ?? 0),
    }),
  };
}

/** The page of standings `v` carries, line by line; `you` is this player's id, if known. */
export function standingLines(v: TournamentView, you?: string): StandingLine[] {
  const own = v.you?.standing?.player.id ?? you;
  return v.standings.map((s) => lineOf(v, s, own));
}

/** The podium of a finished tournament, as lines (its first three). */
export function podiumLines(v: TournamentView, you?: string): StandingLine[] {
  const own = v.you?.standing?.player.id ?? you;
  return v.podium.map((s) => lineOf(v, s, own));
}

/** The page of the standings where this player's line is, if they are in them. */
export function pageOfRank(rank: number, perPage: number): number {
  return Math.ceil(rank / perPage);
}
