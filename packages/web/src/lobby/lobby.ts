// The lobby as the page sees it: the server's picture of pools, challenges and games (signals,
// whole at the welcome, then as each `changes` message changes it) and whether the server can
// read it now, this player's wait in a pool, and the requests sent back. A pairing takes the
// seat's token into local storage and goes to the game.

import {
  applyLobbyChanges,
  type ChallengeTerms,
  type ChallengeView,
  type DeclineReason,
  type LobbyClientMessage,
  type LobbyServerMessage,
  type LobbyView,
  type PlayerView,
  POOLS,
  type PoolId,
} from '@agon/protocol';
import { computed, signal } from '@preact/signals';
import { type Addressed, takeAddressed } from '../challenge/outbox.ts';
import { gameNamedIn, gamePath } from '../online/address.ts';
import { Connection, type LineState, tagged } from '../online/connection.ts';
import { lobbyRefusalText } from '../online/lobby-text.ts';
import { identityGone } from '../online/players.ts';
import { keepSeatToken } from '../online/seats.ts';
import { words } from '../online/strings.ts';
import { ot } from '../online/text.ts';

/** The pool a lobby address asks to wait in (`/lobby?seek=5%2B3`, a waiting list's ping). */
export function poolAsked(search: string): PoolId | undefined {
  const asked = new URLSearchParams(search).get('seek');
  return POOLS.find((p) => p.id === asked)?.id;
}

/** A refusal in words, with the game it sends the player to (`busy`: the one they are in). */
interface LobbyNotice {
  readonly text: string;
  readonly game?: string | undefined;
  /** An answer to this player's challenge, not a refusal of theirs: said calmly. */
  readonly answer?: boolean;
  /** New games of theirs began (a league's season): the way to the page of their games. */
  readonly games?: boolean;
}

/** The seek message of `wait`. */
const seekOf = ({ pool, also }: Wait): LobbyClientMessage =>
  also?.length ? { t: 'seek', pool, also } : { t: 'seek', pool };

/** A wait in a pool, and since when (Date.now()). */
export interface Wait {
  readonly pool: PoolId;
  /** The other pools of its range: whoever comes first in any of them plays. */
  readonly also?: readonly PoolId[];
  readonly since: number;
  /** The seconds of waiting after which a house bot plays this player; none: people only. */
  readonly bot?: number;
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
  /** The last refusal, or the last answer to this player's challenge. */
  readonly notice = signal<LobbyNotice | undefined>(undefined);
  /** The challenges addressed to this player or by them, newest first. */
  readonly direct = signal<readonly ChallengeView[]>([]);
  /** How many times games of this player's began together here (a league's season). */
  readonly seasons = signal(0);
  /** The challenges addressed to this player. */
  readonly incoming = computed(() =>
    this.direct.value.filter((c) => c.to?.id === this.you.value?.id),
  );
  /** This player's challenges addressed to others, waiting for their answer. */
  readonly outgoing = computed(() =>
    this.direct.value.filter((c) => c.by.id === this.you.value?.id),
  );
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
  /** Whether the addressed challenge made on another page was sent (once is enough). */
  private sentPending = false;

  /** The addressed challenge to send once welcomed. */
  private readonly pending: Addressed | undefined;

  /**
   * Connects; `paired` is told the path of a game made for this player. With `pool`, waits in
   * it from the start; an addressed challenge made on another page is sent once welcomed.
   */
  constructor(
    private readonly token: string,
    private readonly paired: (path: string) => void,
    pool?: PoolId,
  ) {
    if (pool) this.seeking.value = { pool, since: Date.now() };
    this.pending = takeAddressed();
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
        this.asked = waiting !== undefined && this.connection.send(seekOf(waiting));
        if (this.pending && !this.sentPending) {
          this.sentPending = this.connection.send({
            t: 'challenge',
            to: this.pending.to,
            ...this.pending.terms,
          });
        }
        break;
      }
      case 'direct':
        this.direct.value = m.challenges;
        break;
      case 'declined':
        this.notice.value = {
          text: ot('direct.declined', {
            name: m.by.name,
            reason: ot(`decline.${m.reason}`),
          }),
          answer: true,
        };
        break;
      case 'changes':
        if (this.view.value) this.view.value = applyLobbyChanges(this.view.value, m.changes);
        break;
      case 'seeking': {
        const now = this.seeking.value;
        const bot = m.bot === undefined ? {} : { bot: m.bot };
        const also = m.also === undefined ? {} : { also: m.also };
        this.seeking.value =
          m.pool === null
            ? undefined
            : {
                pool: m.pool,
                since: now?.pool === m.pool ? now.since : Date.now(),
                ...also,
                ...bot,
              };
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
      case 'season':
        // Games of days, which go on wherever the player is: said, not opened.
        this.notice.value = {
          text: ot('lobby.season', {
            league: m.league.name,
            season: String(m.league.season),
            count: m.games.length,
          }),
          answer: true,
          games: true,
        };
        this.seasons.value++;
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
          this.notice.value = { text: lobbyRefusalText(m), game: gameNamedIn(m.message) };
          break;
        }
        if (this.asked) {
          // The seek shown at once was refused: the page shows the server's wait again.
          this.asked = false;
          this.seeking.value = this.confirmed;
        }
        this.notice.value = { text: lobbyRefusalText(m) };
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
   * Waits in a pool (leaving any other), and in the pools of `also` too; the wait shows at once,
   * and stays if the server confirms it (a seek unsent while the line is down is sent again on
   * reconnection). A new range for the same pool keeps the wait's start.
   */
  seek(pool: PoolId, also: readonly PoolId[] = []): void {
    const now = this.seeking.value;
    const since = now?.pool === pool ? now.since : Date.now();
    // The bot's time is the player's setting, so it stays what the server last said.
    const bot = now?.bot === undefined ? {} : { bot: now.bot };
    const wait: Wait = { pool, since, ...(also.length > 0 && { also }), ...bot };
    this.seeking.value = wait;
    if (this.send(seekOf(wait))) this.asked = true;
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

  /** Declines a challenge addressed to this player; its challenger is told `reason`. */
  decline(id: string, reason: DeclineReason): void {
    this.send({ t: 'decline', id, reason });
  }
}
