// The turn digest (docs/online.md, "The turn digest"): a player whose games turn to them close
// together is told once, "3 games wait for your move", not once a game. The first turn goes at
// once with its game's link, so a player with one game waiting hears of it as before; the turns
// of the FOLD_MS after it are held, and when that while ends they go as one notice linking to
// the player's games page, counting the game told first too, whose notice the device replaces.
// A while in which only that game turned again sends its latest turn alone. The while is timed
// by the server's clock, read each second, so a test that moves the clock sees it end.
//
// The whiles are the relay's (`Relay.fold`), one per player for every process of a cluster, so
// the rule holds whichever process commits each move: a process that folds a turn into a while
// looks at its end and asks to take it; exactly one process gets it and tells it. When the
// whiles cannot be reached (Redis is away) a turn is told at once, never lost; a process tells
// the turns it held itself in a while that Redis lost, or that it cannot take long after its
// end. What a killed process leaves: docs/online.md, "The digest in a cluster".

import type { Notice } from '@agon/protocol';
import type { Notifier } from '../common/notices.ts';
import type { Problems } from '../common/problems.ts';
import type { Fold, Relay } from '../game/relay.ts';

/** How long the turns after a player's first are held to be folded into one notice. */
export const FOLD_MS = 5 * 60_000;
/** How often the held turns are looked at: the server's clock may be moved (tests). */
const SWEEP_MS = 1_000;
/** The page a digest opens: the player's games, the most urgent first. */
export const GAMES_PATH = '/games';

/** A turn of one game. */
type Turn = Extract<Notice, { kind: 'turn'; game: string }>;

/** A player's while, as folded into by this process: its end, and the turns held here. */
interface Watch {
  readonly player: string;
  readonly until: number;
  readonly mine: Map<string, Turn>;
  /** Whether this process is asking for it now. */
  asking: boolean;
}

/** The key of a player's while among the relay's. */
const keyOf = (player: string): string => `turns:${player}`;

/** `notifier`, with each player's turns folded as the digest rule says; other kinds pass. */
export class TurnDigest implements Notifier {
  /** The whiles this process folded turns into and has not seen told, by end and player. */
  private readonly watches = new Map<string, Watch>();
  /** Each player's notices under way, so that they reach the device in the order told. */
  private readonly lines = new Map<string, Promise<void>>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  /** Whether the whiles could not be reached since they last could (reported once). */
  private cut = false;

  constructor(
    private readonly notifier: Notifier,
    private readonly whiles: Pick<Relay, 'fold' | 'unfold'>,
    private readonly now: () => number,
    private readonly problems: Problems,
  ) {}

  notify(player: string, notice: Notice): void {
    if (notice.kind !== 'turn' || !('game' in notice)) {
      if (this.lines.has(player)) this.queue(player, () => this.notifier.notify(player, notice));
      else this.notifier.notify(player, notice);
      return;
    }
    const at = this.now();
    this.queue(player, () => this.fold(player, notice, at));
  }

  /**
   * Resolves once every notice told so far has been folded or handed on, and each while ended
   * by now has been asked for once.
   */
  async idle(): Promise<void> {
    this.sweep();
    while (this.lines.size > 0) await Promise.all(this.lines.values());
  }

  /** Runs `step` after the player's notices under way. */
  private queue(player: string, step: () => Promise<void> | void): void {
    const line: Promise<void> = (this.lines.get(player) ?? Promise.resolve())
      .then(step)
      .catch((e: unknown) => this.problems.report('turn digest', e, true))
      .then(() => {
        if (this.lines.get(player) === line) this.lines.delete(player);
      });
    this.lines.set(player, line);
  }

  private async fold(player: string, turn: Turn, at: number): Promise<void> {
    const folding = await this.whiles
      .fold(keyOf(player), turn.game, JSON.stringify(turn), at, FOLD_MS)
      .catch((e: unknown) => this.unreachable(e));
    if (!folding) {
      if (!this.cut) this.unreachable('the whiles cannot be reached');
      this.notifier.notify(player, turn);
      return;
    }
    this.cut = false;
    if (folding.ended) this.tell(player, folding.ended);
    if (folding.opened) this.notifier.notify(player, turn);
    const id = `${folding.until}:${player}`;
    let watch = this.watches.get(id);
    if (!watch) {
      watch = { player, until: folding.until, mine: new Map(), asking: false };
      this.watches.set(id, watch);
    }
    if (!folding.opened) watch.mine.set(turn.game, turn);
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** Reports once that the whiles cannot be reached: turns are told at once meanwhile. */
  private unreachable(e: unknown): undefined {
    if (!this.cut) {
      this.cut = true;
      const detail = e instanceof Error ? e.message : String(e);
      this.problems.report('turn digest', `${detail}: turns are told at once until they can`);
    }
    return undefined;
  }

  /** Asks for each while that has ended; stops looking once none is left. */
  private sweep(): void {
    const at = this.now();
    for (const [id, watch] of this.watches) {
      if (watch.until > at || watch.asking) continue;
      watch.asking = true;
      this.queue(watch.player, () => this.ask(id, watch, at));
    }
    if (this.watches.size === 0) this.stop();
  }

  /**
   * Takes `watch`'s while and tells it; or, if it was lost, or cannot be taken a FOLD_MS after
   * its end, tells the turns this process held in it (told twice is better than never).
   */
  private async ask(id: string, watch: Watch, at: number): Promise<void> {
    const unfolded = await this.whiles
      .unfold(keyOf(watch.player), watch.until)
      .catch((e: unknown) => this.unreachable(e));
    if (unfolded === undefined && at < watch.until + FOLD_MS) {
      watch.asking = false;
      return;
    }
    this.watches.delete(id);
    if (unfolded === 'sent') return;
    if (unfolded === undefined || unfolded === 'lost') {
      const mine = [...watch.mine.values()].map((t) => JSON.stringify(t));
      this.tell(watch.player, { values: mine, held: mine.length > 0 });
    } else this.tell(watch.player, unfolded);
  }

  /** Tells a while's held turns: as one notice, or as the one game's turn. */
  private tell(player: string, fold: Fold): void {
    if (!fold.held) return;
    const turns = fold.values.map((v) => JSON.parse(v) as Turn);
    if (turns.length === 1) {
      this.notifier.notify(player, turns[0]!);
      return;
    }
    this.notifier.notify(player, {
      kind: 'turn',
      games: turns.map((t) => t.game),
      deadline: Math.min(...turns.map((t) => t.deadline)),
      url: GAMES_PATH,
    });
  }

  private stop(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /**
   * Stops looking at the whiles. In a cluster they stay in Redis: another process that held
   * turns in one tells it at its end, else the player's next turn, on any process, finds it
   * ended and tells it first. Alone, a closing server drops them, as it does its queue.
   */
  close(): void {
    this.stop();
    this.watches.clear();
  }
}
