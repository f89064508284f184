// Challenges, kept apart from quick pairing as lichess keeps them apart from its lobby
// (docs/lobby.md, "Challenges" and "Challenging a player"): a challenge made from a player's
// terms, the checks on one addressed to a player and the word to its addressee, its taking,
// which starts the game, its declining, whose reason the challenger hears, and each player's
// own list of the challenges to them or by them (`direct`), sent to their lobby and watching
// sockets as it changes. An open challenge is put on the board by the lobby, as a seek is,
// since both are kept here while the board is away; an addressed one is not (see address).

import {
  type ChallengeTerms,
  categoryOf,
  type DeclineReason,
  isCorrespondence,
  type LobbyServerMessage,
  MAX_DIRECT,
} from '@agon/protocol';
import type { Notifier } from '../common/notices.ts';
import { newShortId } from '../common/secret.ts';
import { houseNetwork, type NetworkKey } from '../player/networks.ts';
import { brief, type Player, type PlayerStore } from '../player/players.ts';
import type { Challenge, LobbyBoard } from './board.ts';
import type { LobbyMember, Members } from './members.ts';
import { challengerColour } from './pairing.ts';
import { refuseBusy, UNREACHABLE } from './refusals.ts';
import type { LobbySettingsStore } from './settings.ts';
import type { Starter } from './starter.ts';
import { directView } from './view.ts';

/** What the challenges work with. */
export interface ChallengesContext {
  readonly board: LobbyBoard;
  readonly players: PlayerStore;
  readonly settings: LobbySettingsStore;
  readonly now: () => number;
  readonly network: NetworkKey;
  readonly notifier: Notifier;
  readonly starter: Starter;
  /** The lobby's sockets here, which hold a player's challenges on the board. */
  readonly members: Members;
  /** The sockets of other pages, which only watch for the player's own challenges. */
  readonly watchers: Members;
  /**
   * Whether `id` is a house bot that takes every challenge to it at once, and whether it can
   * play another live game now (bot/house.ts); undefined for anyone else.
   */
  readonly houseBot?: (id: string) => 'free' | 'full' | undefined;
  /** The house bot to take an open challenge nobody took (as waves.ts's seeks); none: none. */
  readonly standIn?: (rating: number, unsure: boolean) => string | undefined;
  /** How long an open challenge that allows bots waits for a person before a bot takes it. */
  readonly limits: { readonly botTakesChallengeMs: number };
}

/**
 * How long the claim on taking an open challenge for a house bot lasts: one process takes it,
 * and if its taking failed (the owner busy meanwhile), another may try after this.
 */
const HOUSE_TAKE_CLAIM_MS = 30_000;

/** The challenges of this process's lobby. */
export class Challenges {
  /** The challenges of the last snapshot: each player's own list is made from them. */
  private latest: readonly Challenge[] = [];
  /** Each player's own list of challenges as last sent to them, as JSON. */
  private readonly shown = new Map<string, string>();

  constructor(private readonly context: ChallengesContext) {}

  /** `player`'s challenge on `terms`, made through `member`, open to anyone. */
  open(member: LobbyMember, player: Player, terms: ChallengeTerms): Challenge {
    return this.make(member, player, terms);
  }

  private make(
    member: LobbyMember,
    player: Player,
    terms: ChallengeTerms,
    addressee?: Player,
  ): Challenge {
    const now = this.context.now();
    const category = categoryOf(terms.clock, terms);
    return {
      id: newShortId(),
      by: brief(player, category, now),
      ...(addressee && { to: brief(addressee, category, now) }),
      terms,
      since: now,
      from: this.context.network(member.address),
    };
  }

  /**
   * Puts `player`'s challenge addressed to the player `to` on the board, unless `to` takes no
   * challenges from them, and tells `to`: answers it, once placed. Not kept here while the board
   * is away: it needs the board's count of the player's challenges, so it is refused meanwhile.
   * With `held` it goes with the player's last lobby socket here; without (made over HTTP, by
   * the Bot API) it stays until answered or withdrawn.
   */
  async address(
    member: LobbyMember,
    player: Player,
    to: string,
    terms: ChallengeTerms,
    held = true,
  ): Promise<Challenge | undefined> {
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
    const { challengesFrom } = await this.context.settings.settings(to);
    if (challengesFrom === 'played' && !(await players.havePlayed(player.id, to))) {
      member.refuse({
        code: 'challenges-closed',
        message: `${addressee.name} takes challenges only from players they have played`,
      });
      return;
    }
    if (!board.healthy) {
      member.refuse(UNREACHABLE);
      return;
    }
    const challenge = this.make(member, player, terms, addressee);
    const offered = await board.offer(challenge);
    if (offered === 'busy') {
      await refuseBusy(board, member, player.id);
      return;
    }
    if (offered === 'full') {
      member.refuse({
        code: 'too-many-challenges',
        message: `you have ${MAX_DIRECT} challenges waiting for an answer; cancel one first`,
      });
      return;
    }
    if (held && !this.context.members.has(player.id)) {
      // Their last socket closed while the board was written: take it off again.
      await board.drop(player.id);
      return;
    }
    if (this.context.houseBot?.(to) !== undefined) {
      await this.answerForHouse(member, player, addressee, challenge);
      return challenge;
    }
    this.context.notifier.notify(to, {
      kind: 'challenge',
      challenge: challenge.id,
      from: player.name,
      pace: terms.clock,
      url: '/lobby',
    });
    return challenge;
  }

  /**
   * Takes challenge `id` for `taker`: the game starts for both (answered), or a refusal says
   * why.
   */
  async accept(member: LobbyMember, taker: Player, id: string): Promise<string | undefined> {
    const { board, players, notifier } = this.context;
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
    const started = await this.take(challenge, owner, taker, this.context.network(member.address));
    if (started === 'lost') {
      const busy = await board.busy(taker.id);
      if (busy) await refuseBusy(board, member, taker.id);
      else member.refuse({ code: 'no-such-challenge', message: 'that challenge was just taken' });
    } else if (started !== 'failed' && !isCorrespondence(challenge.terms.clock)) {
      // A game of days is told to both its players as started (starter.ts): one notice, not two.
      notifier.notify(owner.id, {
        kind: 'accepted',
        game: started.game,
        by: taker.name,
        url: `/g/${started.game}`,
      });
    }
    return typeof started === 'string' ? undefined : started.game;
  }

  /** Starts the game of `challenge`, by `owner`, taken by `taker` playing from `taking`. */
  private take(challenge: Challenge, owner: Player, taker: Player, taking: string) {
    const ownerColour = challengerColour(challenge.terms.side);
    const [white, black] = ownerColour === 'white' ? [owner, taker] : [taker, owner];
    const from =
      ownerColour === 'white'
        ? { white: challenge.from, black: taking }
        : { white: taking, black: challenge.from };
    return this.context.starter.start(white, black, challenge.terms, null, from, (playing) =>
      this.context.board.take(challenge.id, taker.id, playing),
    );
  }

  /**
   * Answers `player`'s challenge to the house bot `bot` at once: taken, so the game starts and
   * the challenger's page goes to it, or declined as "later" while the house bots of this process
   * play as many live games as their search threads keep up with (bot/house.ts). A bot plays
   * from no network: its games are rated as agreed.
   */
  private async answerForHouse(
    member: LobbyMember,
    player: Player,
    bot: Player,
    challenge: Challenge,
  ): Promise<void> {
    const { board } = this.context;
    const live = !isCorrespondence(challenge.terms.clock);
    const started =
      live && this.context.houseBot?.(bot.id) === 'full'
        ? 'lost'
        : await this.take(challenge, player, bot, houseNetwork(bot.id));
    if (started !== 'lost') return;
    const declined = await board.decline(bot.id, challenge.id);
    if (declined?.to) {
      board.notify(player.id, {
        t: 'declined',
        id: challenge.id,
        by: declined.to,
        reason: 'later',
      });
    } else {
      member.refuse({ code: 'no-such-challenge', message: 'that challenge is no longer open' });
    }
  }

  /**
   * Declines challenge `id` addressed to `player`, telling its challenger why; answers the
   * word sent, for the player's own event streams here (lobby.ts).
   */
  async decline(
    member: LobbyMember,
    player: string,
    id: string,
    reason: DeclineReason,
  ): Promise<LobbyServerMessage | undefined> {
    const { board } = this.context;
    const challenge = await board.decline(player, id);
    if (!challenge?.to) {
      member.refuse({
        code: 'no-such-challenge',
        message: 'no open challenge to you has that id',
      });
      return undefined;
    }
    const declined = { t: 'declined', id: challenge.id, by: challenge.to, reason } as const;
    board.notify(challenge.by.id, declined);
    return declined;
  }

  /**
   * Has a house bot take each open challenge that allows bots and has waited its time with
   * nobody taking it (docs/lobby.md, "When nobody comes"): the bot nearest its owner's rating,
   * taken once in a cluster (a claim on the board), the game made as any accepted challenge's.
   */
  async houseTakes(): Promise<void> {
    const { board, players, standIn, now, limits } = this.context;
    if (!standIn || !board.healthy) return;
    const at = now();
    for (const challenge of this.latest) {
      const { to, terms, since, by, id } = challenge;
      if (to || !terms.bots || at - since < limits.botTakesChallengeMs) continue;
      const bot = standIn(by.rating.rating, by.rating.provisional);
      if (!bot || !(await board.claim(`house-take:${id}`, HOUSE_TAKE_CLAIM_MS))) continue;
      const [owner, taker] = await Promise.all([players.player(by.id), players.player(bot)]);
      if (owner && taker) await this.take(challenge, owner, taker, houseNetwork(bot));
    }
  }

  /** Sends `fresh`, a new socket of `player`'s, their own list of challenges. */
  welcome(player: string, fresh: LobbyMember): void {
    this.send(player, fresh);
  }

  /**
   * Takes the challenges of a new snapshot, and sends every player with a socket here their own
   * list if it changed since they were last sent it.
   */
  listed(challenges: readonly Challenge[]): void {
    this.latest = challenges;
    const { members, watchers } = this.context;
    for (const player of new Set([...members.ids(), ...watchers.ids()])) this.send(player);
  }

  /** Forgets the list last sent to `player` once they have no socket here. */
  left(player: string): void {
    const { members, watchers } = this.context;
    if (!members.has(player) && !watchers.has(player)) this.shown.delete(player);
  }

  /**
   * Sends `player`'s sockets, lobby's and watchers', their own list of challenges made from the
   * last snapshot if it changed since they were last sent it; or sends it to `fresh` alone, a new
   * socket that has none yet.
   */
  private send(player: string, fresh?: LobbyMember): void {
    const challenges = directView(this.latest, player);
    const text = JSON.stringify({ t: 'direct', challenges } satisfies LobbyServerMessage);
    if (fresh) {
      fresh.send(text);
    } else if (text !== this.shown.get(player)) {
      this.context.members.tell(player, text);
      this.context.watchers.tell(player, text);
    }
    this.shown.set(player, text);
  }
}
