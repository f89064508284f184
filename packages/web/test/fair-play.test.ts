import { Game, startPosition } from '@agon/engine';
import type { GameView, SeatPlayer } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../src/i18n/ui.ts';
import { outcomeReason, outcomeTitle } from '../src/lib/wording.ts';
import { abortable, drawTooEarly, lobbyGame, ratingBefore } from '../src/online/fair-play.ts';
import { words } from '../src/online/strings.ts';
import { gameView } from './game-fixture.ts';

const player = (id: string, rating: number, change?: number): SeatPlayer => ({
  id,
  name: `Heron ${id}`,
  rating: { rating, provisional: false, games: 12 },
  ...(change !== undefined && { change }),
});

/** A lobby game (both players known) with `moves` played, casual unless said. */
const lobbyView = (moves: number, more: Partial<GameView> = {}): GameView =>
  gameView(
    Array.from({ length: moves }, () => 'b1-c2'),
    {
      clock: { initial: 300_000, increment: 3000, white: 300_000, black: 300_000, running: null },
      players: { white: player('abcdefgh23', 1500), black: player('zyxwvuts98', 1500) },
      ...more,
    },
  );

describe('a lobby game’s first moves', () => {
  it('can only be aborted until both sides have moved', () => {
    expect(abortable(lobbyView(0))).toBe(true);
    expect(abortable(lobbyView(1))).toBe(true);
    expect(abortable(lobbyView(2))).toBe(false);
    expect(abortable(lobbyView(1, { outcome: { winner: null, reason: 'aborted' } }))).toBe(false);
  });

  it('leave a game by link as it was: it has no players, and resigns', () => {
    const byLink = lobbyView(0, { players: { white: null, black: null } });
    expect(lobbyGame(byLink)).toBe(false);
    expect(abortable(byLink)).toBe(false);
    expect(lobbyGame(lobbyView(0))).toBe(true);
  });
});

describe('a draw in a rated game', () => {
  it('cannot be offered until each side has made its moves, as the server counts them', () => {
    expect(drawTooEarly(lobbyView(0, { rated: true }))).toBe(true);
    expect(drawTooEarly(lobbyView(19, { rated: true }))).toBe(true);
    expect(drawTooEarly(lobbyView(20, { rated: true }))).toBe(false);
  });

  it('can be offered at once in a casual game, a rated game played casual and a link game', () => {
    expect(drawTooEarly(lobbyView(4))).toBe(false);
    expect(drawTooEarly(lobbyView(4, { rated: false, unrated: 'same-network' }))).toBe(false);
    expect(drawTooEarly(lobbyView(4, { players: { white: null, black: null } }))).toBe(false);
  });

  it('is refused in words that say when it can be', () => {
    expect(words.refusal('too-early', 'a draw can be offered in a rated game once ...')).toBe(
      'Too early for a draw: in a rated game each side makes 10 moves first.',
    );
  });
});

describe('an aborted game', () => {
  const aborted = { winner: null, reason: 'aborted' } as const;

  it('counts for nobody, whichever way it was called off', () => {
    // Before White's first move (not made in time, or White aborted) and after it (Black's not
    // made, or either side aborted): the outcome does not say which, and the words blame nobody.
    const game = new Game(startPosition('standard'));
    const before = game.position;
    game.play(game.legalMoves()[0]!);
    for (const pos of [before, game.position]) {
      expect(outcomeReason(aborted, pos)()).toBe(
        'It ended before both sides had moved, so it counts for nobody: no rating changes.',
      );
    }
    expect(outcomeTitle(aborted, 'white')()).toBe('Game aborted.');
    expect(outcomeTitle(aborted, null)()).toBe('Game aborted.');
  });

  it('is said so in every language', async () => {
    const english = outcomeReason(aborted, startPosition('standard'))();
    for (const lang of ['fi', 'ru', 'hi'] as const) {
      await setLanguage(lang);
      try {
        const said = outcomeReason(aborted, startPosition('standard'))();
        expect(said).not.toBe(english);
        expect(said.length).toBeGreaterThan(20);
      } finally {
        await setLanguage('en');
      }
    }
  });
});

describe('the rating change of a settled game', () => {
  it('stands beside the rating the game was played at, as lichess shows it', () => {
    // The server sends the rating after the game with the change it made.
    expect(ratingBefore(player('a', 1512, 12))).toBe(1500);
    expect(ratingBefore(player('b', 1491.6, -8))).toBe(1500);
    expect(ratingBefore(player('c', 1500, 0))).toBe(1500);
    expect(ratingBefore(player('d', 1500))).toBe(1500);
  });
});
