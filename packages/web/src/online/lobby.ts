// The lobby as the page sees it: the server's picture of pools, challenges and games (signals,
// whole at the welcome, then as each `changes` message changes it) and whether the server can
// read it now, this player's wait in a pool, and the requests sent back. A pairing takes the
// seat's token into local storage and goes to the game.

import {
  applyLobbyChanges,
  type ChallengeTerms,
  type LobbyClientMessage,
  type LobbyServerMessage,
  type LobbyView,
  type PlayerView,
  type PoolId,
} from '@agon/protocol';
import { computed, signal } from '@preact/signals';
import { gameNamedIn, gamePath } from './address.ts';
import { Connection, type LineState, tagged } from './connection.ts';
import { identityGone } from './players.ts';
import { keepSeatToken } from './seats.ts';
import { words } from './strings.ts';
import { ot } from './text.ts';

/** The lobby's refusals, in words; the rest are the game's (strings.ts). */
const REFUSALS = {
  busy: 'refusal.busy',
  'no-such-challenge': 'refusal.noSuchChallenge',
  'own-challenge': 'refusal.ownChallenge',
} as const;

/** A refusal in words, with the game it sends the player to (`busy`: the one they are in). */
export interface LobbyNotice {
  readonly text: string;
  readonly game?: string | undefined;
}

/** A wait in a pool, and since when (Date.now()). */
export interface Wait {
  readonly pool: PoolId;
  readonly since: number;
}

/** The lobby seen from this page, for the player with `token`. */
export class Lobby {
  /** The line to the server. */
  readonly line = signal<LineState>('connecting');
  /** Everything the lobby shows, once the server has said it. */
  readonly view = signal<LobbyView | undefined>(undefined);
  /** This player as the server knows them. */
  readonly you = signal<PlayerView | undefined>(undefined);
  /** The pool this player waits in, and since when (Date.now()). */
  readonly seeking = signal<Wait | undefined>(undefined);
  /** The last refusal. */
  readonly notice = signal<LobbyNotice | undefined>(undefined);
  /** This player's open challenge, if any. */
  readonly mine = computed(() =>
    this.view.value?.challenges.find((c) => c.by.id === this.you.value?.id),
  );
  /**
   * Whether the server has lost its link to the lobby's shared list: seeks and challenges are
   * kept for when it is back, games go on, and nothing can be accepted meanwhile.
   */
  readonly reconnecting = computed(() => this.view.value?.status === 'reconnecting');

  private readonly connection: Connection<LobbyServerMessage, LobbyClientMessage>;
  /** The wait the server last confirmed: what a refused seek goes back to. */
  private confirmed: Wait | undefined;
  /**
   * Whether a seek is sent and not yet answered. The server answers a seek with `seeking` or
   * refuses it (busy, rate-limited, a failure), so a refusal heard meanwhile is that seek's.
   */
  private asked = false;

  /** Connects; `paired` is told the path of a game made for this player. */
  constructor(
    private readonly token: string,
    private readonly paired: (path: string) => void,
  ) {
    this.connection = new Connection<LobbyServerMessage, LobbyClientMessage>(
      { path: '/api/lobby/socket', hello: () => ({ t: 'hello', token }), parse: tagged },
      { message: (m) => this.receive(m), state: (s) => (this.line.value = s) },
    );
  }

  /** Disconnects for good (the server drops a wait in a pool with its connection). */
  stop(): void {
    this.connection.stop();
  }

  private receive(m: LobbyServerMessage): void {
    switch (m.t) {
      case 'welcome': {
        this.you.value = m.you;
        this.view.value = m.lobby;
        // A new connection waits nowhere: take back the place this page was waiting for.
        this.confirmed = undefined;
        const waiting = this.seeking.value;
        this.asked =
          waiting !== undefined && this.connection.send({ t: 'seek', pool: waiting.pool });
        break;
      }
      case 'changes':
        if (this.view.value) this.view.value = applyLobbyChanges(this.view.value, m.changes);
        break;
      case 'seeking': {
        const now = this.seeking.value;
        this.seeking.value =
          m.pool === null
            ? undefined
            : now?.pool === m.pool
              ? now
              : { pool: m.pool, since: Date.now() };
        this.confirmed = this.seeking.value;
        this.asked = false;
        break;
      }
      case 'paired':
        // The seat of a lobby game is the player's: their identity's token opens it.
        keepSeatToken(m.game, this.token);
        this.seeking.value = undefined;
        this.confirmed = undefined;
        this.paired(gamePath(m.game));
        break;
      case 'error':
        if (m.code === 'unknown-player') {
          this.stop();
          void identityGone();
          break;
        }
        if (m.code === 'busy') {
          // Not waiting after all: the player is in a game, which the refusal names.
          this.seeking.value = undefined;
          this.confirmed = undefined;
          this.asked = false;
          this.notice.value = { text: ot(REFUSALS.busy), game: gameNamedIn(m.message) };
          break;
        }
        if (this.asked) {
          // The seek shown at once was refused: the page shows the server's wait again.
          this.asked = false;
          this.seeking.value = this.confirmed;
        }
        this.notice.value = {
          text: Object.hasOwn(REFUSALS, m.code)
            ? ot(REFUSALS[m.code as keyof typeof REFUSALS])
            : words.refusal(m.code, m.message),
        };
        break;
      case 'pong':
        break;
    }
  }

  /** Sends `message`; false (and a notice) when the line is down. */
  private send(message: LobbyClientMessage): boolean {
    this.notice.value = undefined;
    const sent = this.connection.send(message);
    if (!sent) this.notice.value = { text: words.reconnecting };
    return sent;
  }

  /**
   * Waits in a pool (leaving any other); the wait shows at once, and stays if the server
   * confirms it (a seek unsent while the line is down is sent again on reconnection).
   */
  seek(pool: PoolId): void {
    if (this.seeking.value?.pool !== pool) this.seeking.value = { pool, since: Date.now() };
    if (this.send({ t: 'seek', pool })) this.asked = true;
  }

  /** Stops waiting. */
  unseek(): void {
    this.seeking.value = undefined;
    this.send({ t: 'unseek' });
  }

  /** Opens this player's challenge, replacing any open one. */
  challenge(terms: ChallengeTerms): void {
    this.send({ t: 'challenge', ...terms });
  }

  /** Takes back this player's challenge. */
  withdraw(id: string): void {
    this.send({ t: 'withdraw', id });
  }

  /** Accepts someone's challenge: the game follows as `paired`. */
  accept(id: string): void {
    this.send({ t: 'accept', id });
  }
}
