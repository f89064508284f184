// What waits for this browser's player, for the top bar on every page: the lobby games waiting
// for their move and the challenges addressed to them. A game open on this page says whose turn
// it is itself, the moment a move is made or arrives (followTurn); the others are read from the
// server once a page load and each minute after, while the page is shown, and the lobby sets
// them too whenever it reads the whole list. The challenges come over a watching lobby socket,
// opened only for a browser that has a player (challenge-watch.ts,
// which the top bar fetches then and gives here as `hear`).
// Tiny on purpose: it is in the first load.

import type { ChallengeView, Identity, OngoingGame } from '@agon/protocol';
import { computed, effect, signal } from '@preact/signals';
import { keptIdentity } from './identity.ts';

/** Each lobby game of this player in play: whether it waits for their move. */
const turns = signal<ReadonlyMap<string, boolean>>(new Map());
/** The games open on this page, whose own events say whose turn it is. */
const followed = new Set<string>();

/** The games waiting for this player's move. */
export const turnGames = computed(() => [...turns.value].filter(([, yours]) => yours));
/** How many games wait for this player's move (0 until known, or without a player). */
export const yourTurns = computed(() => turnGames.value.length);
/** The challenges addressed to this player, newest first. */
export const incoming = signal<readonly ChallengeView[]>([]);
/** What the top bar counts: games waiting for this player's move and challenges to them. */
export const waiting = computed(() => yourTurns.value + incoming.value.length);

/** How often the count is read again while a page is shown. */
const EVERY_MS = 60_000;

let watching = false;

/** Takes the server's list of games in play, but for those open here, which know better. */
export function noteGames(games: readonly Pick<OngoingGame, 'game' | 'yourTurn'>[]): void {
  const next = new Map(games.map((g) => [g.game, g.yourTurn]));
  for (const game of followed) {
    const known = turns.peek().get(game);
    if (known !== undefined) next.set(game, known);
  }
  turns.value = next;
}

/**
 * Counts game `game` as `yourTurn` says, at once and at each change, until the answer stops it;
 * undefined is no answer (not a lobby game, or not known yet).
 */
export function followTurn(game: string, yourTurn: () => boolean | undefined): () => void {
  followed.add(game);
  const stop = effect(() => {
    const yours = yourTurn();
    if (yours === undefined || turns.peek().get(game) === yours) return;
    turns.value = new Map(turns.peek()).set(game, yours);
  });
  return () => {
    stop();
    followed.delete(game);
  };
}

/** Reads the games now. A failure (offline, no player) leaves them as they were. */
async function read(): Promise<void> {
  const me = keptIdentity();
  if (!me || document.visibilityState === 'hidden') return;
  try {
    const response = await fetch('/api/me/games', {
      headers: { authorization: `Bearer ${me.token}` },
    });
    if (!response.ok) return;
    const body = (await response.json()) as { games?: OngoingGame[] };
    noteGames(body.games ?? []);
  } catch {
    // Offline: the badge keeps its last count.
  }
}

/**
 * Starts keeping the count, once a page load, and `hear` listening for the challenges to the
 * player (a browser without a player asks nothing).
 */
export function watchYourTurns(hear: (me: Identity) => void): void {
  const me = keptIdentity();
  if (watching || !me) return;
  watching = true;
  void read();
  setInterval(() => void read(), EVERY_MS);
  document.addEventListener('visibilitychange', () => void read());
  hear(me);
}
