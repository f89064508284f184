// The lobby of this process over the shared board (docs/lobby.md): its members (members.ts),
// their seeks and open challenges checked and handed to the board, quick pairing in waves
// (waves.ts), the games they make (starter.ts), challenges to players and the taking of any
// challenge (challenges.ts), the waiting lists' pings (pings.ts), and the list every lobby page
// shows (broadcast.ts). While the board cannot be reached (Redis away), seeks and open
// challenges are kept here and the pages are told the lobby is reconnecting; when it is back,
// this process puts back what its members hold and the busy marks of the games it holds, so
// waiters pair within a wave or two.

import {
  type ChallengeTerms,
  type Checked,
  categoryOf,
  type DeclineReason,
  type LobbyClientMessage,
  POOLS,
  type Refusal,
} from '@agon/protocol';
import type { LobbyLimits } from '../common/limits.ts';
import { type Notifier, SILENT } from '../common/notices.ts';
import type { Problems } from '../common/problems.ts';
import { TokenBucket } from '../common/rate-limit.ts';
import { hashToken } from '../common/secret.ts';
import type { GameStore } from '../game/store.ts';
import type { NetworkKey } from '../player/networks.ts';
import { type Player, type PlayerStore, playerView, ratingOf } from '../player/players.ts';
import type { Challenge, LobbyBoard, Playing, Seek } from './board.ts';
import { Broadcast } from './broadcast.ts';
import { Challenges, type ChallengesContext } from './challenges.ts';
import { type LobbyMember, Members } from './members.ts';
import { Pings } from './pings.ts';
import { refuseBusy, UNREACHABLE } from './refusals.ts';
import type { LobbySettingsStore } from './settings.ts';
import { Starter, type StarterContext } from './starter.ts';
import { Waves, type WavesContext } from './waves.ts';

/** How often this process looks for open challenges a house bot may take (challenges.ts). */
const HOUSE_TAKES_MS = 1000;

/** How many players' worth of lobby actions one address may take. */
const ADDRESS_SHARE = 5;

/** What a lobby socket asks after its hello. */
type Request = Exclude<LobbyClientMessage, { t: 'hello' | 'ping' }>;

/** What the Bot API asks of the lobby over HTTP, with no lobby socket (bot/challenge-api.ts). */
export type LobbyRequest =
  | ({ readonly t: 'challenge'; readonly to: string } & ChallengeTerms)
  | Extract<Request, { t: 'accept' | 'decline' | 'withdraw' }>;

/** What a request over HTTP did: the challenge it made, or the game it started. */
export interface Requested {
  readonly challenge?: Challenge;
  readonly game?: string;
}

/** A seek or a challenge, as a player puts it on the board. */
type Entry =
  | { readonly seek: Seek; readonly challenge?: never }
  | { readonly seek?: never; readonly challenge: Challenge };

/** What the lobby works with. */
interface LobbyContext {
  readonly board: LobbyBoard;
  readonly players: PlayerStore;
  /** Whom players take challenges from, and their waiting lists. */
  readonly settings: LobbySettingsStore;
  readonly games: GameStore;
  readonly limits: LobbyLimits;
  readonly now: () => number;
  readonly problems: Problems;
  /** Loads a new game into memory here, so its first-move alarm runs even if nobody comes. */
  readonly hold: StarterContext['hold'];
  /** The lobby games in play that this process holds, as the board lists them. */
  readonly playing: () => readonly Playing[];
  /** The key of an address's network, for the fair-rating rules. */
  readonly network: NetworkKey;
  /** Tells players who are away of challenges, acceptances and seeks (none by default). */
  readonly notifier?: Notifier;
  /** Whether a player is a house bot, taking every challenge to it (lobby/challenges.ts). */
  readonly houseBot?: ChallengesContext['houseBot'];
  /**
   * The house bot to play a seek nobody came to play (waves.ts), or take an open challenge
   * nobody took (challenges.ts); none without house bots.
   */
  readonly standIn?: WavesContext['standIn'];
}

/** The lobby of this process. */
export class Lobby {
  private readonly members = new Members();
  /**
   * The sockets of other pages, which watch for the player's own challenges: never counted as
   * in the lobby, and holding nothing on the board.
   */
  private readonly watchers = new Members();
  /** The Bot API's event streams (bot/event-stream.ts): watchers that hear declines too. */
  private readonly streams = new Members();
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly waves: Waves;
  private readonly houseTimer: NodeJS.Timeout;
  private readonly challenges: Challenges;
  private readonly pings: Pings;
  private readonly broadcast: Broadcast;
  /** Players whose entries could not be taken off the board when they left (it was away). */
  private readonly dropLater = new Set<string>();
  private restoring: Promise<void> = Promise.resolve();

  constructor(private readonly context: LobbyContext) {
    const { board, problems } = context;
    const notifier = context.notifier ?? SILENT;
    const starter = new Starter({ ...context, notifier });
    const { members, watchers } = this;
    this.waves = new Waves({ ...context, starter });
    this.challenges = new Challenges({ ...context, notifier, starter, members, watchers });
    this.houseTimer = setInterval(() => {
      this.challenges.houseTakes().catch((e: unknown) => problems.report('lobby', e));
    }, HOUSE_TAKES_MS);
    this.houseTimer.unref();
    this.pings = new Pings({ ...context, notifier });
    this.broadcast = new Broadcast({ ...context, members, challenges: this.challenges });
    board.listen({
      deliver: (player, message) => {
        // A game was made for them: their seek and challenge went with it.
        if (message.t === 'paired') {
          this.members.holdSeek(player, undefined);
          this.members.holdChallenge(player, undefined);
          // The page that accepted a challenge to its player goes to the game too.
          this.watchers.tell(player, message);
        }
        // A bot's event stream (a watcher) follows a season's games as any made for it.
        if (message.t === 'season') this.watchers.tell(player, message);
        if (message.t === 'declined') this.streams.tell(player, message);
        this.members.tell(player, message);
      },
      changed: () => this.broadcast.changed(),
      restored: () => {
        this.restoring = this.restoring.then(() =>
          this.restore().catch((e: unknown) => problems.report('lobby', e)),
        );
      },
    });
  }

  /** Players with a lobby socket on this process. */
  get size(): number {
    return this.members.players;
  }

  /** The pools this process pairs now. */
  get leads(): readonly string[] {
    return this.waves.leads;
  }

  /**
   * Lets `member` in as the player whose token it gives, and sends it the lobby, or with `watch`
   * only the player's own challenges; false if it is not let in (an unknown token, the store
   * away, or the socket closed meanwhile).
   */
  async hello(member: LobbyMember, token: string, watch = false): Promise<boolean> {
    let player: Player | undefined;
    try {
      player = await this.context.players.playerByToken(hashToken(token));
    } catch (e) {
      this.context.problems.report('storage', e);
      member.refuse({ code: 'server-error', message: 'the lobby could not be opened' });
      return false;
    }
    if (!player) {
      member.refuse({
        code: 'unknown-player',
        message: 'no player has this token; the identity was lost, make a new one',
      });
      member.close(4401, 'unknown player');
      return false;
    }
    // Closed while the store was read: a member now would be a ghost nobody removes.
    if (watch) {
      if (!this.watchers.add(member, player)) return false;
      this.challenges.welcome(player.id, member);
      return true;
    }
    if (!this.members.add(member, player)) return false;
    this.context.board.attend(this.members.players);
    // The list last sent (at most a second old: a change since follows within the second);
    // reading the whole board for each arrival would cost a crowd arriving dearly.
    member.send({
      t: 'welcome',
      you: playerView(player, this.context.now()),
      lobby: this.broadcast.shown,
    });
    this.challenges.welcome(player.id, member);
    return true;
  }

  /**
   * Lets the Bot API's event stream of `player` (bot/event-stream.ts) watch their own
   * challenges as a page does, and hear them declined; false if it closed meanwhile.
   */
  listen(member: LobbyMember, player: Player): boolean {
    if (!this.watchers.add(member, player)) return false;
    this.streams.add(member, player);
    this.challenges.welcome(player.id, member);
    return true;
  }

  /**
   * Does `request` for `player`, who asks over HTTP from `address` with no lobby socket (the
   * Bot API): a challenge so made stays until answered or withdrawn. Answers what it did, or
   * the refusal.
   */
  async request(
    player: Player,
    address: string,
    request: LobbyRequest,
  ): Promise<Checked<Requested>> {
    let refused: Refusal | undefined;
    const caller: LobbyMember = {
      address,
      open: true,
      send: () => undefined,
      refuse: (error) => {
        refused ??= error;
      },
      close: () => undefined,
    };
    const { board, players } = this.context;
    let done: Requested = {};
    try {
      const fresh = (await players.player(player.id)) ?? player;
      switch (request.t) {
        case 'challenge': {
          const { t: _t, to, ...terms } = request;
          done = { challenge: await this.challenges.address(caller, fresh, to, terms, false) };
          break;
        }
        case 'accept':
          if (!board.healthy) caller.refuse(UNREACHABLE);
          else done = { game: await this.challenges.accept(caller, fresh, request.id) };
          break;
        case 'decline':
          await this.decline(caller, player.id, request.id, request.reason);
          break;
        case 'withdraw':
          if (!(await board.withdraw(player.id, request.id))) {
            caller.refuse({
              code: 'no-such-challenge',
              message: 'you have no open challenge by that id',
            });
          } else if (this.members.holding(player.id).challenge?.id === request.id) {
            this.members.holdChallenge(player.id, undefined);
          }
          break;
      }
    } catch (e) {
      this.context.problems.report('lobby', e);
      caller.refuse({ code: 'server-error', message: 'the lobby cannot do that now; try again' });
    }
    return refused ? { ok: false, error: refused } : { ok: true, value: done };
  }

  /** Takes a closed socket out; the player's last one here takes their seek and challenge. */
  leave(member: LobbyMember): void {
    this.streams.remove(member);
    const watcher = this.watchers.remove(member);
    const gone = watcher ? undefined : this.members.remove(member);
    const player = (watcher ?? gone)?.player.id;
    if (player) this.challenges.left(player);
    if (!gone) return;
    const { board, problems } = this.context;
    board.attend(this.members.players);
    board.drop(gone.player.id).catch((e: unknown) => {
      // Taken off when the board is back, before anything is put back.
      this.dropLater.add(gone.player.id);
      problems.report('lobby', e);
    });
  }

  /** Acts on a message (but hello and ping, which the socket answers) from a member. */
  async act(member: LobbyMember, message: Request): Promise<void> {
    const watcher = this.watchers.player(member);
    const player = this.members.player(member) ?? watcher;
    if (!player) {
      member.refuse({ code: 'hello-first', message: 'say hello with your player token first' });
      return;
    }
    if (watcher && message.t !== 'accept' && message.t !== 'decline') {
      member.refuse({
        code: 'bad-message',
        message: 'a watching socket only accepts and declines',
      });
      return;
    }
    if (
      message.t !== 'unseek' &&
      message.t !== 'withdraw' &&
      message.t !== 'decline' &&
      !this.allow(player.id, member.address)
    ) {
      member.refuse({ code: 'rate-limited', message: 'too many lobby requests; wait a minute' });
      return;
    }
    try {
      await this.command(member, player, message);
    } catch (e) {
      this.context.problems.report('lobby', e);
      member.refuse({ code: 'server-error', message: 'the lobby cannot do that now; try again' });
    }
  }

  private async command(member: LobbyMember, player: Player, message: Request): Promise<void> {
    const { board, players } = this.context;
    // The freshest ratings where they count: a game may have ended since the socket said hello.
    const read = async (): Promise<Player> => (await players.player(player.id)) ?? player;
    switch (message.t) {
      case 'seek': {
        if (player.bot) {
          return member.refuse({
            code: 'bot-seek',
            message: 'quick pairing is for people; a bot plays the challenges it accepts',
          });
        }
        const [fresh, { peopleOnly }] = await Promise.all([
          read(),
          this.context.settings.settings(player.id),
        ]);
        const pool = POOLS.find((p) => p.id === message.pool)!;
        const stepIn = this.context.standIn && !peopleOnly;
        // A range widened or narrowed while waiting keeps the wait's start.
        const held = this.members.holding(player.id).seek;
        const seek: Seek = {
          player: fresh.id,
          name: fresh.name,
          pool: pool.id,
          ...(message.also?.length && { also: message.also }),
          rating: ratingOf(fresh, categoryOf(pool, { variant: 'standard' })).rating,
          since: held?.pool === pool.id ? held.since : this.context.now(),
          balance: await players.colourBalance(fresh.id),
          from: this.context.network(member.address),
          ...(stepIn && { botAfter: this.context.limits.botStepInMs }),
        };
        if (await this.put(member, fresh.id, { seek })) await this.pings.ping(seek);
        return;
      }
      case 'unseek':
        this.members.holdSeek(player.id, undefined);
        this.members.tell(player.id, { t: 'seeking', pool: null });
        await this.offBoard(player.id, () => board.unseek(player.id));
        return;
      case 'challenge': {
        const fresh = await read();
        const { t: _t, to, ...terms } = message;
        if (to !== undefined) {
          await this.challenges.address(member, fresh, to, terms);
          return;
        }
        await this.put(member, fresh.id, { challenge: this.challenges.open(member, fresh, terms) });
        return;
      }
      case 'withdraw': {
        const held = this.members.holding(player.id).challenge;
        if (!board.healthy && held?.id === message.id) {
          this.members.holdChallenge(player.id, undefined);
          this.dropLater.add(player.id);
          return;
        }
        if (!(await board.withdraw(player.id, message.id))) {
          member.refuse({
            code: 'no-such-challenge',
            message: 'you have no open challenge by that id',
          });
          return;
        }
        if (held?.id === message.id) this.members.holdChallenge(player.id, undefined);
        return;
      }
      case 'accept':
        if (!board.healthy) return member.refuse(UNREACHABLE);
        await this.challenges.accept(member, await read(), message.id);
        return;
      case 'decline':
        return this.decline(member, player.id, message.id, message.reason);
    }
  }

  /**
   * Declines challenge `id` to `player`: its challenger is told wherever they are, and the
   * player's own event streams here, which hear of it as declined rather than canceled.
   */
  private async decline(
    member: LobbyMember,
    player: string,
    id: string,
    reason: DeclineReason,
  ): Promise<void> {
    const declined = await this.challenges.decline(member, player, id, reason);
    if (declined) this.streams.tell(player, declined);
  }

  /**
   * Puts `player`'s seek or challenge on the board and keeps it as theirs here; true if it is on
   * the board now. While the board is away it is kept only here (and put on the board when it is
   * back): the player is told they wait, and the list says the lobby is reconnecting.
   */
  private async put(member: LobbyMember, player: string, entry: Entry): Promise<boolean> {
    const { board } = this.context;
    const hold = (held: Entry | undefined): void =>
      entry.seek
        ? this.members.holdSeek(player, held?.seek)
        : this.members.holdChallenge(player, held?.challenge);
    const waiting = (): void => {
      if (!entry.seek) return;
      const { pool, also, botAfter } = entry.seek;
      const bot = botAfter === undefined ? {} : { bot: Math.round(botAfter / 1000) };
      this.members.tell(player, { t: 'seeking', pool, ...(also && { also }), ...bot });
    };
    let placed: boolean;
    try {
      placed = entry.seek
        ? await board.seek(entry.seek)
        : (await board.offer(entry.challenge)) === 'placed';
    } catch (e) {
      if (board.healthy) throw e;
      hold(entry);
      waiting();
      this.broadcast.changed();
      return false;
    }
    if (!placed) {
      await refuseBusy(board, member, player);
      return false;
    }
    if (!this.members.has(player)) {
      // Their last socket closed while the board was written: take it off again.
      await board.drop(player);
      return false;
    }
    hold(entry);
    waiting();
    return true;
  }

  /** Runs a removal from the board; while the board is away, notes it for when it is back. */
  private async offBoard(player: string, remove: () => Promise<void>): Promise<void> {
    try {
      await remove();
    } catch (e) {
      if (this.context.board.healthy) throw e;
      this.dropLater.add(player);
    }
  }

  /**
   * The board is back and may have lost everything: takes off what players who left meanwhile
   * had there, marks the players of the games held here busy again, then puts back every
   * member's seek and challenge (a player now busy is told their wait is over).
   */
  private async restore(): Promise<void> {
    const { board } = this.context;
    for (const player of [...this.dropLater]) {
      if (this.members.has(player)) continue;
      await board.drop(player);
      this.dropLater.delete(player);
    }
    this.dropLater.clear();
    await board.reinstate(this.context.playing());
    for (const [player, { seek, challenge }] of [...this.members.holdings()]) {
      if (seek && !(await board.seek(seek))) {
        this.members.holdSeek(player, undefined);
        this.members.tell(player, { t: 'seeking', pool: null });
      }
      if (challenge && (await board.offer(challenge)) !== 'placed') {
        this.members.holdChallenge(player, undefined);
      }
    }
    this.broadcast.changed();
  }

  /**
   * Takes one lobby action from `player`'s bucket and from their address's, which allows
   * ADDRESS_SHARE times as many (several players may share one address behind a router).
   */
  private allow(player: string, address: string): boolean {
    const now = this.context.now();
    const { lobbyActionsPerMinute: perMinute, lobbyActionBurst: burst } = this.context.limits;
    const take = (key: string, share: number): boolean => {
      let bucket = this.buckets.get(key);
      if (!bucket) {
        if (this.buckets.size > 10_000) {
          for (const [k, b] of this.buckets) if (b.full(now)) this.buckets.delete(k);
        }
        bucket = new TokenBucket((share * perMinute) / 60, share * burst, now);
        this.buckets.set(key, bucket);
      }
      return bucket.take(now);
    };
    return take(`player ${player}`, 1) && take(`address ${address}`, ADDRESS_SHARE);
  }

  /** Pairs a wave now rather than at the next beat (the one under way, if any). */
  pairWave(): Promise<void> {
    return this.waves.wave();
  }

  /**
   * Sends every member what changed in the list, if anything did, now rather than at the next
   * beat (the sending under way, if any); while the board cannot be read, the last list marked
   * as reconnecting.
   */
  show(): Promise<void> {
    return this.broadcast.show();
  }

  /** Stops the timers (the server is closing) and waits for what they started. */
  async close(): Promise<void> {
    clearInterval(this.houseTimer);
    await Promise.all([this.waves.stop(), this.broadcast.close(), this.restoring]);
    await this.context.board.close();
  }
}
