// The lobby of this process over the shared board (docs/lobby.md): its members (members.ts),
// their seeks, challenges and acceptances checked and handed to the board, quick pairing in
// waves (waves.ts), the games they make (starter.ts), and the list every lobby page shows,
// sent whole on arrival and then as changes at most once a second. While the board cannot be
// reached (Redis away), seeks and challenges are kept here and the pages are told the lobby is
// reconnecting; when it is back, this process puts back what its members hold and the busy
// marks of the games it holds, so waiters pair within a wave or two.

import {
  type ChallengeTerms,
  categoryOf,
  isCorrespondence,
  type LobbyClientMessage,
  type LobbyServerMessage,
  type LobbyView,
  lobbyChanges,
  MAX_DIRECT,
  POOLS,
  type PoolId,
  type Refusal,
} from '@agon/protocol';
import type { LobbyLimits } from '../common/limits.ts';
import { type Notifier, SILENT } from '../common/notices.ts';
import type { Problems } from '../common/problems.ts';
import { TokenBucket } from '../common/rate-limit.ts';
import { hashToken, newShortId } from '../common/secret.ts';
import type { GameStore } from '../game/store.ts';
import type { NetworkKey } from '../player/networks.ts';
import { brief, type Player, type PlayerStore, playerView, ratingOf } from '../player/players.ts';
import type { Challenge, LobbyBoard, Playing, Seek, Snapshot } from './board.ts';
import { type LobbyMember, Members } from './members.ts';
import { challengerColour } from './pairing.ts';
import { Starter, type StarterContext } from './starter.ts';
import { directView, EMPTY_VIEW, lobbyView, withStatus } from './view.ts';
import { Waves } from './waves.ts';

export type { LobbyMember } from './members.ts';

/** How often, at most, the list's changes are sent. */
const SHOW_EVERY_MS = 1000;
/** How often the count of games in play is read from the store. */
const COUNT_EVERY_MS = 5000;
/** How many players' worth of lobby actions one address may take. */
const ADDRESS_SHARE = 5;
/**
 * How often one seeker's seeks in one pool may ping its waiting list: someone who comes and goes
 * must not wake the same people again and again.
 */
export const PING_WAVE_MS = 10 * 60_000;
/** The least time between two pings to one player: at most three an hour. */
export const PING_GAP_MS = 20 * 60_000;
/** The most players one seek pings. */
export const PING_AT_MOST = 30;

/** What a lobby socket asks after its hello. */
type Request = Exclude<LobbyClientMessage, { t: 'hello' | 'ping' }>;

/** A seek or a challenge, as a player puts it on the board. */
type Entry =
  | { readonly seek: Seek; readonly challenge?: never }
  | { readonly seek?: never; readonly challenge: Challenge };

/** The refusal of what needs the board while it cannot be reached. */
const UNREACHABLE: Refusal = {
  code: 'unavailable',
  message: 'the lobby is reconnecting; try again in a moment',
};

/** What the lobby works with. */
export interface LobbyContext {
  readonly board: LobbyBoard;
  readonly players: PlayerStore;
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
}

/** The lobby of this process. */
export class Lobby {
  private readonly members = new Members();
  /**
   * The sockets of other pages, which watch for the player's own challenges: never counted as
   * in the lobby, and holding nothing on the board.
   */
  private readonly watchers = new Members();
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly starter: Starter;
  private readonly waves: Waves;
  private readonly showTimer: NodeJS.Timeout;
  private readonly countTimer: NodeJS.Timeout;
  /** Players whose entries could not be taken off the board when they left (it was away). */
  private readonly dropLater = new Set<string>();
  private dirty = true;
  /** The sending of changes under way, if one is. */
  private showing: Promise<void> | undefined;
  /** The count of games in play under way, if one is. */
  private counting: Promise<void> | undefined;
  private restoring: Promise<void> = Promise.resolve();
  private gamesInPlay = 0;
  /** The list as last sent to the members. */
  private shown: LobbyView = EMPTY_VIEW;
  /** The challenges of the last snapshot: each member's own list is made from them. */
  private challenges: readonly Challenge[] = [];
  /** Each member's own list of challenges as last sent to them, as JSON. */
  private readonly directShown = new Map<string, string>();
  private readonly notifier: Notifier;
  private closing = false;

  constructor(private readonly context: LobbyContext) {
    const { board, problems } = context;
    this.notifier = context.notifier ?? SILENT;
    this.starter = new Starter({ ...context, notifier: this.notifier });
    this.waves = new Waves({ ...context, starter: this.starter });
    board.listen({
      deliver: (player, message) => {
        // A game was made for them: their seek and challenge went with it.
        if (message.t === 'paired') {
          this.members.holdSeek(player, undefined);
          this.members.holdChallenge(player, undefined);
          // The page that accepted a challenge to its player goes to the game too.
          this.watchers.tell(player, message);
        }
        this.members.tell(player, message);
      },
      changed: () => {
        this.dirty = true;
      },
      restored: () => {
        this.restoring = this.restoring.then(() =>
          this.restore().catch((e: unknown) => problems.report('lobby', e)),
        );
      },
    });
    const report = (e: unknown): void => problems.report('lobby', e);
    this.showTimer = setInterval(() => this.show().catch(report), SHOW_EVERY_MS);
    this.countTimer = setInterval(() => this.count().catch(report), COUNT_EVERY_MS);
    for (const timer of [this.showTimer, this.countTimer]) timer.unref();
    this.count().catch(report);
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
      this.sendDirect(player.id, member);
      return true;
    }
    if (!this.members.add(member, player)) return false;
    this.context.board.attend(this.members.players);
    // The list last sent (at most a second old: a change since follows within the second);
    // reading the whole board for each arrival would cost a crowd arriving dearly.
    member.send({
      t: 'welcome',
      you: playerView(player, this.context.now()),
      lobby: this.shown,
    });
    this.sendDirect(player.id, member);
    return true;
  }

  /**
   * Sends `player`'s sockets, lobby's and watchers', their own list of challenges made from the
   * last snapshot if it changed since they were last sent it; or sends it to `fresh` alone, a new
   * socket that has none yet.
   */
  private sendDirect(player: string, fresh?: LobbyMember): void {
    const challenges = directView(this.challenges, player);
    const text = JSON.stringify({ t: 'direct', challenges } satisfies LobbyServerMessage);
    if (fresh) {
      fresh.send(text);
    } else if (text !== this.directShown.get(player)) {
      this.members.tell(player, text);
      this.watchers.tell(player, text);
    }
    this.directShown.set(player, text);
  }

  /** Takes a closed socket out; the player's last one here takes their seek and challenge. */
  leave(member: LobbyMember): void {
    const watcher = this.watchers.remove(member);
    const gone = watcher ? undefined : this.members.remove(member);
    const player = (watcher ?? gone)?.player.id;
    if (player && !this.members.has(player) && !this.watchers.has(player)) {
      this.directShown.delete(player);
    }
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
        const fresh = await read();
        const pool = POOLS.find((p) => p.id === message.pool)!;
        const seek: Seek = {
          player: fresh.id,
          name: fresh.name,
          pool: pool.id,
          rating: ratingOf(fresh, categoryOf(pool, { variant: 'standard' })).rating,
          since: this.context.now(),
          balance: await players.colourBalance(fresh.id),
          from: this.context.network(member.address),
        };
        if (await this.put(member, fresh.id, { seek })) await this.ping(seek);
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
        if (to !== undefined) return this.address(member, fresh, to, terms);
        const now = this.context.now();
        const challenge: Challenge = {
          id: newShortId(),
          by: brief(fresh, categoryOf(terms.clock, terms), now),
          terms,
          since: now,
          from: this.context.network(member.address),
        };
        await this.put(member, fresh.id, { challenge });
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
        return this.accept(member, await read(), message.id);
      case 'decline': {
        const challenge = await board.decline(player.id, message.id);
        if (!challenge?.to) {
          member.refuse({
            code: 'no-such-challenge',
            message: 'no open challenge to you has that id',
          });
          return;
        }
        board.notify(challenge.by.id, {
          t: 'declined',
          id: challenge.id,
          by: challenge.to,
          reason: message.reason,
        });
        return;
      }
    }
  }

  /**
   * Puts `player`'s challenge addressed to the player `to` on the board, unless `to` takes no
   * challenges from them, and tells `to`. Not kept here while the board is away: it needs the
   * board's count of the player's challenges, so it is refused meanwhile.
   */
  private async address(
    member: LobbyMember,
    player: Player,
    to: string,
    terms: ChallengeTerms,
  ): Promise<void> {
    const { board, players } = this.context;
    if (to === player.id) {
      member.refuse({ code: 'own-challenge', message: 'you cannot challenge yourself' });
      return;
    }
    const addressee = await players.player(to);
    if (!addressee) {
      member.refuse({ code: 'no-such-player', message: 'there is no such player' });
      return;
    }
    const { challengesFrom } = await players.settings(to);
    if (challengesFrom === 'played' && !(await players.havePlayed(player.id, to))) {
      member.refuse({
        code: 'challenges-closed',
        message: `${addressee.name} takes challenges only from players they have played`,
      });
      return;
    }
    if (!board.healthy) return member.refuse(UNREACHABLE);
    const now = this.context.now();
    const category = categoryOf(terms.clock, terms);
    const challenge: Challenge = {
      id: newShortId(),
      by: brief(player, category, now),
      to: brief(addressee, category, now),
      terms,
      since: now,
      from: this.context.network(member.address),
    };
    const offered = await board.offer(challenge);
    if (offered === 'busy') return this.refuseBusy(member, player.id);
    if (offered === 'full') {
      member.refuse({
        code: 'too-many-challenges',
        message: `you have ${MAX_DIRECT} challenges waiting for an answer; cancel one first`,
      });
      return;
    }
    if (!this.members.has(player.id)) {
      // Their last socket closed while the board was written: take it off again.
      await board.drop(player.id);
      return;
    }
    this.notifier.notify(to, {
      kind: 'challenge',
      challenge: challenge.id,
      from: player.name,
      pace: terms.clock,
      url: '/lobby',
    });
  }

  /**
   * Pings the waiting list of `seek.pool` when nobody else waits there: the players on it at
   * this hour who are not playing and were not pinged in the last PING_GAP_MS, at most
   * PING_AT_MOST of them, and at most once in PING_WAVE_MS for one seeker and pool. The board
   * claims each, so that in a cluster a ping is sent once, whichever process saw the seek.
   */
  private async ping(seek: Seek): Promise<void> {
    const { board, players, now } = this.context;
    const pool: PoolId = seek.pool;
    if ((await board.seeks(pool)).some((s) => s.player !== seek.player)) return;
    if (!(await board.claim(`ping-wave:${pool}:${seek.player}`, PING_WAVE_MS))) return;
    const hour = new Date(now()).getUTCHours();
    for (const id of await players.subscribers(pool, hour, seek.player, PING_AT_MOST)) {
      if ((await board.busy(id)) !== undefined) continue;
      if (!(await board.claim(`pinged:${id}`, PING_GAP_MS))) continue;
      this.notifier.notify(id, {
        kind: 'seeking',
        pool,
        seeker: seek.name,
        url: `/lobby?seek=${encodeURIComponent(pool)}`,
      });
    }
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
      if (entry.seek) this.members.tell(player, { t: 'seeking', pool: entry.seek.pool });
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
      this.dirty = true;
      return false;
    }
    if (!placed) {
      await this.refuseBusy(member, player);
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

  private async refuseBusy(member: LobbyMember, player: string): Promise<void> {
    const game = await this.context.board.busy(player);
    member.refuse({
      code: 'busy',
      message: game
        ? `you are playing a game (/g/${game}); finish it first`
        : 'you are already in a game',
    });
  }

  /** Takes challenge `id` for `taker`: the game starts for both, or a refusal says why. */
  private async accept(member: LobbyMember, taker: Player, id: string): Promise<void> {
    const { board, players } = this.context;
    const challenge = await board.challenge(id);
    if (!challenge) {
      member.refuse({ code: 'no-such-challenge', message: 'that challenge is no longer open' });
      return;
    }
    if (challenge.by.id === taker.id) {
      member.refuse({ code: 'own-challenge', message: 'this is your own challenge' });
      return;
    }
    if (challenge.to && challenge.to.id !== taker.id) {
      member.refuse({ code: 'no-such-challenge', message: 'that challenge is for another player' });
      return;
    }
    const owner = await players.player(challenge.by.id);
    if (!owner) {
      member.refuse({ code: 'no-such-challenge', message: 'that challenge is no longer open' });
      return;
    }
    const ownerColour = challengerColour(challenge.terms.side);
    const [white, black] = ownerColour === 'white' ? [owner, taker] : [taker, owner];
    const taking = this.context.network(member.address);
    const from =
      ownerColour === 'white'
        ? { white: challenge.from, black: taking }
        : { white: taking, black: challenge.from };
    const started = await this.starter.start(white, black, challenge.terms, null, from, (playing) =>
      board.take(id, taker.id, playing),
    );
    if (started === 'lost') {
      const busy = await board.busy(taker.id);
      if (busy) await this.refuseBusy(member, taker.id);
      else member.refuse({ code: 'no-such-challenge', message: 'that challenge was just taken' });
    } else if (started !== 'failed' && !isCorrespondence(challenge.terms.clock)) {
      // A game of days is told to both its players as started (starter.ts): one notice, not two.
      this.notifier.notify(owner.id, {
        kind: 'accepted',
        game: started.game,
        by: taker.name,
        url: `/g/${started.game}`,
      });
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
    this.dirty = true;
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

  /**
   * Reads how many games are in play (link games and correspondence games too), unless a read
   * is under way.
   */
  private count(): Promise<void> {
    this.counting ??= this.recount().finally(() => {
      this.counting = undefined;
    });
    return this.counting;
  }

  private async recount(): Promise<void> {
    try {
      const inPlay = await this.context.games.inPlay();
      if (inPlay !== this.gamesInPlay) this.dirty = true;
      this.gamesInPlay = inPlay;
    } catch (e) {
      this.context.problems.report('storage', e);
    }
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
    this.showing ??= this.changes().finally(() => {
      this.showing = undefined;
    });
    return this.showing;
  }

  private async changes(): Promise<void> {
    const { board } = this.context;
    const reachable = board.healthy;
    if (this.closing) return;
    if (!this.dirty && reachable === (this.shown.status === 'ok')) return;
    this.dirty = false;
    try {
      let lobby: LobbyView;
      let snap: Snapshot | undefined;
      try {
        snap = reachable ? await board.snapshot() : undefined;
        lobby = snap ? lobbyView(snap, this.gamesInPlay) : this.shown;
      } catch (e) {
        if (board.healthy) throw e;
        lobby = this.shown;
      }
      lobby = withStatus(lobby, board.healthy ? 'ok' : 'reconnecting');
      const changes = lobbyChanges(this.shown, lobby);
      this.shown = lobby;
      if (changes && this.members.players > 0) {
        this.members.everyone(
          JSON.stringify({ t: 'changes', changes } satisfies LobbyServerMessage),
        );
      }
      if (snap) {
        this.challenges = snap.challenges;
        for (const player of new Set([...this.members.ids(), ...this.watchers.ids()])) {
          this.sendDirect(player);
        }
      }
    } catch (e) {
      this.dirty = true;
      this.context.problems.report('lobby', e);
    }
  }

  /** Stops the timers (the server is closing) and waits for what they started. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of [this.showTimer, this.countTimer]) clearInterval(timer);
    await Promise.all([this.waves.stop(), this.showing, this.counting, this.restoring]);
    await this.context.board.close();
  }
}
