// The turn digest (docs/online.md, "The turn digest"): a player whose games turn to them close
// together is told once, "3 games wait for your move", not once a game. The first turn goes at
// once with its game's link, so a player with one game waiting hears of it as before; the turns
// of the FOLD_MS after it are held, and when that while ends they go as one notice linking to
// the player's games page, counting the game told first too, whose notice the device replaces.
// A while in which only that game turned again sends its latest turn alone. The while is timed
// by the server's clock, read each second, so a test that moves the clock sees it end. Each
// process folds the turns of the games it runs; held turns are lost with the process, as the
// games page and the top bar's count still show them.

import type { Notice } from '@agon/protocol';
import type { Notifier } from '../common/notices.ts';

/** How long the turns after a player's first are held to be folded into one notice. */
export const FOLD_MS = 5 * 60_000;
/** How often the held turns are looked at: the server's clock may be moved (tests). */
const SWEEP_MS = 1_000;
/** The page a digest opens: the player's games, the most urgent first. */
export const GAMES_PATH = '/games';

/** A turn of one game. */
type Turn = Extract<Notice, { kind: 'turn'; game: string }>;

/** A player's while of folding: each game's latest turn, and whether any waits to be sent. */
interface Fold {
  readonly until: number;
  readonly turns: Map<string, Turn>;
  held: boolean;
}

/** `notifier`, with each player's turns folded as the digest rule says; other kinds pass. */
export class TurnDigest implements Notifier {
  private readonly folds = new Map<string, Fold>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly notifier: Notifier,
    private readonly now: () => number,
  ) {}

  notify(player: string, notice: Notice): void {
    if (notice.kind !== 'turn' || !('game' in notice)) {
      this.notifier.notify(player, notice);
      return;
    }
    const at = this.now();
    const fold = this.folds.get(player);
    if (fold && fold.until > at) {
      fold.turns.set(notice.game, notice);
      fold.held = true;
      return;
    }
    if (fold) this.flush(player, fold);
    this.folds.set(player, {
      until: at + FOLD_MS,
      turns: new Map([[notice.game, notice]]),
      held: false,
    });
    this.notifier.notify(player, notice);
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** Sends what the whiles that have ended hold; stops looking once none is left. */
  private sweep(): void {
    const at = this.now();
    for (const [player, fold] of this.folds) {
      if (fold.until <= at) this.flush(player, fold);
    }
    if (this.folds.size === 0) this.stop();
  }

  /** Ends `player`'s while: its held turns go as one notice, or as the one game's turn. */
  private flush(player: string, fold: Fold): void {
    this.folds.delete(player);
    if (!fold.held) return;
    const turns = [...fold.turns.values()];
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

  /** Stops folding: the turns held are dropped, as a closing server's queue is. */
  close(): void {
    this.stop();
    this.folds.clear();
  }
}
