// One online game in the page: what the server said, the board replayed from it through the
// engine, and the player's actions sent back. The server decides; the page only shows. A move
// is drawn at once (the engine here says it is legal) and confirmed or undone by the server.

import {
  type Colour,
  cellName,
  Game,
  type Move,
  makeMoveText,
  opposite,
  PASS_MOVE,
  parseCell,
  parseMoveText,
  type RuleId,
  startPosition,
} from '@agon/engine';
import {
  type ClientMessage,
  type ClockView,
  charged,
  chargedUntil,
  type DrawAction,
  type GameView,
  type PublicEvent,
  type QuickMessage,
  SAID_KEPT,
  type ServerMessage,
} from '@agon/protocol';
import { computed, signal } from '@preact/signals';
import type { Board } from '../board/board.ts';
import type { BoardConfig } from '../board/config.ts';
import { t } from '../i18n/ui.ts';
import { type BoardController, touchBinds } from '../lib/board-controller.ts';
import { boardConfigOf, moveOfTap } from '../lib/board-feed.ts';
import { premovableOf, premoveText } from '../lib/premove.ts';
import { preferences } from '../lib/settings.ts';
import { explainTap, owedPhrase } from '../lib/taps.ts';
import { outcomeReason, outcomeTitle } from '../lib/wording.ts';
import { followTurn } from '../lib/your-turn.ts';
import { gamePath } from '../online/address.ts';
import { Connection, type LineState, tagged } from '../online/connection.ts';
import { deadlineText } from '../online/lobby-text.ts';
import { keepSeatToken, seatToken } from '../online/seats.ts';
import { words } from '../online/strings.ts';
import { ot } from '../online/text.ts';
import { tournamentRefusal } from '../tournament/tournament-text.ts';

/**
 * How long a move may wait for the server's answer before the line is taken for dead and opened
 * again (a store's commit takes milliseconds; a busy server, a second or two).
 */
const ANSWER_MS = 8000;

/** What the game tells the page beyond its signals. */
interface OnlineHooks {
  /** The opponent moved: a sound, if the player wants one. */
  readonly moved?: (captured: boolean) => void;
  /** Both players agreed a rematch: go there. */
  readonly rematch?: (path: string) => void;
}

/** The game as the server holds it: the moves replayed, and the piece touched (R15), if any. */
function replay(v: GameView): Game {
  const game = new Game(startPosition(v.variant), {
    touchMove: v.touchMove,
    captorPlacesQueen: v.captorPlacesQueen,
  });
  // A pass needs no touch to replay: with touch-move on, a stuck piece is enough (R15).
  for (const text of v.moves) {
    const move = parseMoveText(text);
    if (!move.ok || !game.play(move.value).ok) break; // cannot happen: the server checked it
  }
  if (v.touched !== null) game.touch(parseCell(v.touched));
  return game;
}

/** The cell a view says is touched (R15), or -1. */
const touchedIn = (v: GameView): number => (v.touched === null ? -1 : parseCell(v.touched));

/**
 * A refusal in words, with the rule that explains it when it is a refused tap; or, `calm`, why
 * a control cannot be used yet, which is news rather than a mistake.
 */
export interface Notice {
  readonly text: string;
  readonly rule?: RuleId | undefined;
  readonly calm?: boolean;
}

/** An online game seen from this page: as a player (with a token) or a watcher. */
export class OnlineGame implements BoardController {
  /** The line to the server. */
  readonly line = signal<LineState>('connecting');
  /** The game as the server last described it (with this page's own move, if unconfirmed). */
  readonly view = signal<GameView | undefined>(undefined);
  /** This page's seat, or null for a watcher. */
  readonly you = signal<Colour | null>(null);
  /** The last refusal, in words; cleared by the next change. */
  readonly notice = signal<Notice | undefined>(undefined);
  /** The server knows no game at this address. */
  readonly missing = signal(false);
  /** When the clocks in `view` were read (performance.now()). */
  readonly clockRead = signal(0);
  /** The time now, ticking while a clock runs, so clocks count down on the page. */
  readonly now = signal(performance.now());

  /** The premove queued on the board, if any. */
  readonly premove = signal<readonly [number, number] | undefined>(undefined);

  private game: Game | undefined;
  /** The board that holds the premove and plays it when told. */
  private premoves: Pick<Board, 'playPremove' | 'cancelPremove'> | undefined;
  /** This page's move, sent and drawn but not yet confirmed. */
  private readonly pending = signal<string | undefined>(undefined);
  /** How many moves the game had when the pending move was made. */
  private pendingAt = 0;
  /** Whether the server refused the pending move (it said why), so it is not sent again. */
  private pendingRefused = false;
  private readonly connection: Connection<ServerMessage, ClientMessage>;
  private readonly ticker: ReturnType<typeof setInterval>;
  /** Stops the top bar's count following this game. */
  private readonly unfollow: () => void;

  /** Connects to game `id`; `hooks` hear about moves and rematches. */
  constructor(
    readonly id: string,
    private readonly hooks: OnlineHooks = {},
  ) {
    this.connection = new Connection<ServerMessage, ClientMessage>(
      {
        path: `/api/games/${id}/socket`,
        hello: () => {
          const token = seatToken(id);
          return token === undefined ? { t: 'hello' } : { t: 'hello', token };
        },
        parse: tagged<ServerMessage>,
      },
      {
        message: (m) => this.receive(m),
        // The line counts as open once the server has answered the hello with the game: a move
        // sent before that is refused (the socket has joined no game yet), and the game that
        // comes would undo it without a word.
        state: (s) => {
          if (s !== 'open') this.line.value = s;
        },
        gone: () => {
          this.missing.value = true;
        },
      },
    );
    this.ticker = setInterval(() => {
      const clock = this.view.value?.clock;
      if (clock?.running || clock?.first !== undefined) this.now.value = performance.now();
    }, 200);
    // The top bar counts this lobby game as its moves come and go, not at the next poll.
    this.unfollow = followTurn(id, () => {
      const v = this.view.value;
      const you = this.you.value;
      if (!v || you === null || (!v.players.white && !v.players.black)) return undefined;
      return !v.outcome && this.board?.chooser === you;
    });
  }

  /** Disconnects for good. */
  stop(): void {
    this.connection.stop();
    clearInterval(this.ticker);
    this.unfollow();
  }

  /**
   * The engine's game on the board (its moves include an unconfirmed own move). Reading it
   * reads the view, so computed values follow every change of the (mutable) game.
   */
  get board(): Game | undefined {
    this.view.value;
    return this.game;
  }

  /** Whether this page may move now: its side chooses the next turn (the captor's under R16). */
  readonly canMove = computed(() => {
    const v = this.view.value;
    const you = this.you.value;
    const game = this.board;
    return (
      v !== undefined &&
      game !== undefined &&
      you !== null &&
      this.line.value === 'open' &&
      this.pending.value === undefined &&
      v.seats.white &&
      v.seats.black &&
      !v.outcome &&
      game.chooser === you
    );
  });

  /**
   * Whether this page may queue a premove: the player wants them, and the other side chooses
   * the next turn of a game under way (this page's own move may still await the server).
   */
  readonly canPremove = computed(() => {
    const v = this.view.value;
    const you = this.you.value;
    const game = this.board;
    return (
      preferences.value.premove &&
      v !== undefined &&
      game !== undefined &&
      you !== null &&
      v.seats.white &&
      v.seats.black &&
      !v.outcome &&
      game.chooser === opposite(you)
    );
  });

  /** What the board shows and allows. */
  readonly boardConfig = computed((): BoardConfig => {
    const game = this.board;
    const you = this.you.value;
    if (!game) return { movable: undefined, premovable: undefined };
    return {
      ...boardConfigOf({
        position: game.position,
        lastMove: game.moves[game.moves.length - 1],
        legal: this.canMove.value ? game.legalMoves() : undefined,
        touched: game.touched,
      }),
      premovable:
        this.canPremove.value && you !== null
          ? premovableOf(game.position, you, game.captorPlacesQueen)
          : undefined,
      orientation: this.flipped.value ? opposite(you ?? 'white') : (you ?? 'white'),
    };
  });

  /** The words about the queued premove, or undefined when none is queued. */
  readonly premoveStatus = computed((): string | undefined => {
    const queued = this.premove.value;
    const game = this.board;
    return queued && game
      ? t('premove.queued', { move: premoveText(game.position, queued) })
      : undefined;
  });

  /** Gives the game the board its premoves are queued on (undefined once it is gone). */
  connectBoard(board: Pick<Board, 'playPremove' | 'cancelPremove'> | undefined): void {
    this.premoves = board;
  }

  /** The board's `premove` event. */
  premoveFromBoard(from: number, to: number): void {
    this.notice.value = undefined;
    this.premove.value = [from, to];
  }

  /** The board's `unpremove` event. */
  unpremoveFromBoard(): void {
    this.premove.value = undefined;
  }

  /** Takes the queued premove back (the control beside its words). */
  cancelPremove(): void {
    this.premoves?.cancelPremove();
  }

  /**
   * The turn has come to this page, maybe with a premove queued: the board (already given the
   * legal turns, as the view changed) plays it if it is legal now, and drops it otherwise.
   */
  private turnCame(): void {
    if (this.canMove.value) this.premoves?.playPremove();
  }

  /** Whether the board is turned round from this page's side. */
  readonly flipped = signal(false);

  /** Whether the quick messages' phrases are unfolded to send one. */
  readonly phrasesOpen = signal(false);

  /** Whether this page must pass: touch-move, and the touched piece cannot move (R15). */
  readonly mustPass = computed(() => {
    const legal = this.canMove.value ? (this.board?.legalMoves() ?? []) : [];
    return legal.length === 1 && legal[0] === PASS_MOVE;
  });

  /** The board's `select` event: under touch-move, picking a piece up commits to it (R15). */
  selectFromBoard(cell: number | undefined): void {
    const game = this.game;
    if (cell === undefined || !game?.touchMove || game.touched === cell) return;
    if (!game.position.relocating) this.touch(cell);
  }

  /** The board's `reject` event: says why that tap is not a move. */
  rejectFromBoard(from: number | undefined, to: number): void {
    const game = this.game;
    // A finished game's result is on the page already: a tap says it again nowhere.
    if (!game || this.view.value?.outcome) return;
    if (touchBinds(game, to) && this.touch(to)) return;
    const said = this.canMove.value
      ? explainTap(game, from, to, this.you.value ?? undefined)
      : undefined;
    this.notice.value = said ? { text: said.text(), rule: said.rule } : { text: this.status.value };
  }

  /**
   * How the game ended, in words: its headline and why. A tournament's game called off before both
   * sides moved says what the tournament does with it (tournament/standings.ts scores it as the
   * absent side's loss and pauses them); any other lobby game's counts for nobody.
   */
  readonly result = computed((): { title: string; reason: string } | undefined => {
    const v = this.view.value;
    const game = this.board;
    if (!v?.outcome || !game) return undefined;
    const absent = v.outcome.reason === 'aborted' && v.tournament ? v.absent : undefined;
    return {
      title: outcomeTitle(v.outcome, this.you.value)(),
      reason: absent
        ? ot(`online.abortedTournament.${absent}`)
        : outcomeReason(v.outcome, game.position)(),
    };
  });

  /**
   * The time left (ms) for the side to move to make its first move in a lobby game, on a live
   * clock, before the server calls the game off; undefined when none is awaited. A
   * correspondence game's first move has its date instead (`deadline`).
   */
  firstMoveLeft(): number | undefined {
    const v = this.view.value;
    const first = v?.clock?.first;
    if (first === undefined || v?.clock?.days || v?.outcome) return undefined;
    return Math.max(0, first - (this.now.value - this.clockRead.value));
  }

  /** The countdown to the first move, in words, as lichess shows it; undefined when none runs. */
  readonly firstMove = computed((): string | undefined => {
    const left = this.firstMoveLeft();
    const side = this.board?.chooser;
    if (left === undefined || !side) return undefined;
    const count = Math.ceil(left / 1000);
    const tournament = this.view.value?.tournament ? 'Tournament' : '';
    return side === this.you.value
      ? ot(`online.firstMove.you${tournament}`, { count })
      : ot(`online.firstMove.${side}${tournament}`, { count });
  });

  /** The status line. */
  readonly status = computed((): string => {
    const v = this.view.value;
    const game = this.board;
    const you = this.you.value;
    if (this.missing.value) return words.noSuchGame;
    if (!v || !game) return words.connecting;
    const result = this.result.value;
    if (result) return `${result.title} ${result.reason}`;
    const turn = game.position.turnColour;
    const chooser = game.chooser ?? turn;
    // R16: the captor chooses the cell of the queen the side to move owes.
    const captor = chooser !== turn;
    if (you === null) {
      return `${words.spectating} ${captor ? ot(`captor.watch.${chooser}`) : words.toMove(turn)}`;
    }
    if (!v.seats[opposite(you)]) return words.waitingToJoin;
    // A correspondence opponent is away most of the time, and moves when they come back.
    const days = v.clock?.days !== undefined;
    const away = !days && !v.online[opposite(you)];
    if (chooser !== you) {
      return away ? words.waitingToReturn : captor ? ot(`captor.them.${chooser}`) : words.theirMove;
    }
    if (captor) return `${ot(`captor.you.${turn}`)}${away ? ` ${words.theyAreAway}` : ''}`;
    const pos = game.position;
    const touched = pos.pieceAt(game.touched);
    const what = pos.placing
      ? ` ${words.place}`
      : pos.relocating
        ? ` ${owedPhrase(pos, you)()}`
        : touched
          ? ` ${t(`touch.${this.mustPass.value ? 'stuck' : 'committed'}.${touched.role}`, { cell: cellName(game.touched) })}`
          : '';
    const by = this.deadline(you);
    const deadline = by === undefined ? '' : ` ${ot('pace.moveBy', { date: deadlineText(by) })}.`;
    return `${words.yourMove}${what}${away ? ` ${words.theyAreAway}` : ''}${deadline}`;
  });

  /** When `side`'s correspondence deadline falls (ms), while its days run; else undefined. */
  deadline(side: Colour): number | undefined {
    const clock = this.view.value?.clock;
    if (!clock?.days || this.view.value?.outcome) return undefined;
    // Before the clocks start, the first move has its days all the same.
    const left =
      clock.running === side
        ? clock[side]
        : clock.running === null && this.board?.chooser === side
          ? clock.first
          : undefined;
    if (left === undefined) return undefined;
    // The clock was read on the page's monotonic clock; the date is the wall clock's.
    return chargedUntil(
      clock.weekendsOff === true,
      performance.timeOrigin + this.clockRead.value,
      left,
    );
  }

  /** Time left on a clock now, in ms, or undefined without clocks. */
  timeLeft(side: Colour): number | undefined {
    const clock: ClockView | null | undefined = this.view.value?.clock;
    if (!clock) return undefined;
    const running = clock.running === side && !this.view.value?.outcome;
    // With weekends off a game of days' clock stands still on Saturdays and Sundays.
    const origin = performance.timeOrigin;
    const elapsed = running
      ? charged(clock.weekendsOff === true, origin + this.clockRead.value, origin + this.now.value)
      : 0;
    return Math.max(0, clock[side] - elapsed);
  }

  private receive(m: ServerMessage): void {
    switch (m.t) {
      case 'state': {
        const known = this.view.value?.moves.length ?? 0;
        const unanswered = this.pendingRefused ? undefined : this.pending.value;
        if (m.token !== undefined) keepSeatToken(this.id, m.token);
        this.pending.value = undefined;
        this.pendingRefused = false;
        this.game = replay(m.game);
        this.you.value = m.you;
        this.line.value = 'open';
        this.setView(m.game);
        if (unanswered !== undefined && this.settle(unanswered, m.game)) break;
        // A premove answers the other side's move: the game sent again after this page's own
        // move was refused brings none, and the turn back is not the one it was queued for.
        if (m.game.moves.length > known) this.turnCame();
        else if (this.canMove.value) this.cancelPremove();
        break;
      }
      case 'event':
        this.apply(m);
        break;
      case 'presence': {
        const v = this.view.value;
        if (v) this.view.value = { ...v, online: m.online, watchers: m.watchers };
        break;
      }
      case 'error':
        if (m.code === 'no-berserk') this.berserkSent.value = false;
        if (this.pending.value !== undefined) this.pendingRefused = true;
        // The owner's own relocation under R16: the status line says who chooses, in words.
        this.notice.value = {
          text:
            m.code === 'captor-chooses'
              ? this.status.value
              : (tournamentRefusal(m.code) ?? words.refusal(m.code, m.message)),
        };
        if (
          this.pending.value !== undefined ||
          m.code === 'stale' ||
          (this.view.value && this.game?.touched !== touchedIn(this.view.value))
        ) {
          // Our picture of the game was wrong: take the server's. The refused move stays
          // pending (or the refused touch held), so the board stays still, until the whole
          // game arrives.
          this.connection.send({ t: 'sync' });
        }
        break;
      case 'pong':
        break;
    }
  }

  /**
   * The game came again while this page's move `move` awaited its answer (the line dropped with
   * the move in flight): the game has it, so it was stored; or the board is as the move left it
   * to be made, so it is sent again; or it is taken back, and the page says so. True when sent
   * again.
   */
  private settle(move: string, v: GameView): boolean {
    if (v.moves[this.pendingAt] === move) return false;
    const again = v.moves.length === this.pendingAt ? parseMoveText(move) : undefined;
    if (again?.ok && this.canMove.value && this.board?.legalMoves().includes(again.value)) {
      this.send(again.value);
      return true;
    }
    this.notice.value = { text: ot('online.moveLost', { move }) };
    return false;
  }

  private setView(v: GameView): void {
    this.clockRead.value = performance.now();
    this.now.value = this.clockRead.value;
    this.view.value = v;
  }

  private apply(m: Extract<ServerMessage, { t: 'event' }>): void {
    const v = this.view.value;
    const game = this.game;
    if (!v || !game) return;
    if (m.version !== v.version + 1) {
      // A gap: something was missed. The server sends the whole game again.
      this.connection.send({ t: 'sync' });
      return;
    }
    const e: PublicEvent = m.event;
    if (e.kind === 'touch' && !this.touchedHere(e.seat, parseCell(e.cell))) {
      if (!game.touch(parseCell(e.cell)).ok) {
        this.connection.send({ t: 'sync' });
        return;
      }
    }
    let moves = v.moves;
    if (e.kind === 'takeback-accept') {
      // The board goes back to the server's moves less those taken back; a move of this page
      // still unconfirmed was made on the old board, and the server refuses it as stale.
      moves = moves.slice(0, moves.length - e.undone);
      this.pending.value = undefined;
      this.game = replay({ ...v, moves, touched: null });
    }
    if (e.kind === 'move') {
      moves = [...moves, e.move];
      if (e.seat === this.you.value && this.pending.value === e.move)
        this.pending.value = undefined;
      else {
        const move = parseMoveText(e.move);
        const captured = move.ok ? game.position.capturedBy(move.value) : [];
        if (!move.ok || !game.play(move.value).ok) {
          this.connection.send({ t: 'sync' });
          return;
        }
        this.hooks.moved?.(captured.length > 0);
      }
    }
    this.notice.value = undefined;
    this.setView({
      ...v,
      version: m.version,
      moves,
      clock: m.clock,
      outcome: m.outcome,
      seats: e.kind === 'join' ? { ...v.seats, [e.seat]: true } : v.seats,
      drawOffer: nextDrawOffer(v.drawOffer, e, m.outcome !== null),
      rematchOffer:
        e.kind === 'rematch-offer' ? e.seat : e.kind === 'rematch' ? null : v.rematchOffer,
      next: e.kind === 'rematch' ? e.next : v.next,
      ...(e.kind === 'abort' && { absent: e.seat }),
      ...((e.kind === 'vacation' || e.kind === 'move') && {
        vacation: { ...v.vacation, [e.seat]: e.kind === 'vacation' ? e.until : undefined },
      }),
      touched:
        e.kind === 'touch'
          ? e.cell
          : e.kind === 'move' || e.kind === 'takeback-accept'
            ? null
            : v.touched,
      takebackOffer:
        m.outcome !== null
          ? null
          : e.kind === 'takeback-offer'
            ? e.seat
            : e.kind === 'move' || e.kind === 'takeback-accept' || e.kind === 'takeback-decline'
              ? null
              : v.takebackOffer,
      said:
        e.kind === 'say'
          ? [...v.said, { seat: e.seat, message: e.message, version: m.version }].slice(-SAID_KEPT)
          : v.said,
      ...(e.kind === 'berserk' &&
        v.tournament && {
          tournament: { ...v.tournament, berserk: { ...v.tournament.berserk, [e.seat]: true } },
        }),
    });
    if (e.kind === 'takeback-accept') {
      this.notice.value = { text: words.takebackDone(e.undone), calm: true };
    } else if (e.kind === 'takeback-decline' && e.seat !== this.you.value) {
      this.notice.value = { text: words.takebackDeclined, calm: true };
    }
    if (e.kind === 'rematch') this.followRematch(e.next);
    else this.turnCame();
  }

  /** Takes this browser's seat along into the rematch and goes there. */
  private followRematch(next: string): void {
    const token = seatToken(this.id);
    if (this.you.value === null || token === undefined) return;
    keepSeatToken(next, token);
    this.hooks.rematch?.(gamePath(next));
  }

  /**
   * Whether this page made the touch of `cell` by `seat` already: the piece is touched here, or
   * this page's own move of it is on the board, waiting to be confirmed.
   */
  private touchedHere(seat: Colour, cell: number): boolean {
    if (seat !== this.you.value) return false;
    return this.game?.touched === cell || this.pending.value !== undefined;
  }

  /** Touches this page's piece on `cell` (R15) and tells the server; false when not allowed. */
  private touch(cell: number): boolean {
    const game = this.game;
    const v = this.view.value;
    const you = this.you.value;
    if (!game || !v || you === null || !this.canMove.value || !game.touch(cell).ok) return false;
    this.notice.value = undefined;
    this.connection.send({ t: 'touch', seat: you, cell: cellName(cell), version: v.version });
    // Redraw with the piece held, before the server's answer.
    this.view.value = { ...v };
    return true;
  }

  private send(move: Move): void {
    const game = this.game;
    const v = this.view.value;
    const you = this.you.value;
    if (!game || !v || you === null || !this.canMove.value) return;
    if (!game.play(move).ok) return;
    const text = makeMoveText(move);
    this.pending.value = text;
    this.pendingAt = v.moves.length;
    this.notice.value = undefined;
    // Unsent (the line closed under it) or unanswered, the move is settled when the game comes
    // again on the reopened line (`settle`).
    if (this.connection.send({ t: 'move', seat: you, move: text, version: v.version })) {
      this.connection.expect(ANSWER_MS);
    }
    // Redraw with the move on the board, before the server's answer.
    this.view.value = { ...v };
  }

  /** The board's `move` event (no `from`: a placement). */
  moveFromBoard(from: number | undefined, to: number): void {
    const move = this.game && moveOfTap(this.game.legalMoves(), from, to);
    if (move !== undefined) this.send(move);
  }

  /** The board's `place` event. */
  placeFromBoard(to: number): void {
    this.moveFromBoard(undefined, to);
  }

  /** Forfeits the turn under touch-move: the touched piece cannot move (R15). */
  pass(): void {
    if (this.mustPass.value) this.send(PASS_MOVE);
  }

  /** Says why a control cannot be used yet, where refusals are said. */
  explain(text: string): void {
    this.notice.value = { text, calm: true };
  }

  /** Resigns this page's side (aborts, until both sides have moved in a lobby game). */
  resign(): void {
    const you = this.you.value;
    if (you) this.connection.send({ t: 'resign', seat: you });
  }

  /** Offers, accepts or declines a draw. */
  draw(action: 'offer' | 'accept' | 'decline'): void {
    const you = this.you.value;
    if (you) this.connection.send({ t: 'draw', seat: you, action });
  }

  /**
   * Whether this page's side has a move to take back in an unrated game going on: the button
   * is shown then, and the server judges the rest.
   */
  readonly takebackAllowed = computed(() => {
    const v = this.view.value;
    const you = this.you.value;
    const game = this.board;
    return (
      v !== undefined &&
      game !== undefined &&
      you !== null &&
      !v.rated &&
      !v.outcome &&
      v.seats.white &&
      v.seats.black &&
      game.choosers().includes(you)
    );
  });

  /** Whether this page asked to berserk, not yet confirmed by the game sent again. */
  private readonly berserkSent = signal(false);

  /**
   * Whether this page's side may berserk: an arena game that allows it, going on, and the side
   * has not moved yet nor berserked already.
   */
  readonly canBerserk = computed(() => {
    const v = this.view.value;
    const you = this.you.value;
    const game = this.board;
    return (
      v?.tournament?.berserkAllowed === true &&
      game !== undefined &&
      you !== null &&
      !v.outcome &&
      !v.tournament.berserk[you] &&
      !this.berserkSent.value &&
      !game.choosers().includes(you)
    );
  });

  /** Whether `side` berserked (this page's own side as soon as it asked). */
  berserked(side: Colour): boolean {
    const v = this.view.value;
    return (
      v?.tournament?.berserk[side] === true || (side === this.you.value && this.berserkSent.value)
    );
  }

  /** Halves this page's clock in an arena, for a point more on a win. */
  berserk(): void {
    const you = this.you.value;
    if (!you || !this.canBerserk.value) return;
    this.berserkSent.value = this.connection.send({ t: 'berserk', seat: you });
  }

  /** Asks to take back this page's last move, or accepts or declines the opponent's asking. */
  takeback(action: DrawAction): void {
    const you = this.you.value;
    if (you) this.connection.send({ t: 'takeback', seat: you, action });
  }

  /** Says a quick message; the opponent reads it in their own language. */
  say(message: QuickMessage): void {
    const you = this.you.value;
    if (you) this.connection.send({ t: 'say', seat: you, message });
  }

  /** Asks for (or agrees to) a rematch with the sides swapped. */
  rematch(): void {
    const you = this.you.value;
    if (you) this.connection.send({ t: 'rematch', seat: you });
  }
}

/** The draw offer after an event: made, answered, withdrawn by the offerer's opponent moving. */
function nextDrawOffer(offer: Colour | null, e: PublicEvent, over: boolean): Colour | null {
  if (over) return null;
  if (e.kind === 'draw-offer') return e.seat;
  if (e.kind === 'draw-decline' || e.kind === 'draw-accept') return null;
  if (e.kind === 'move' && offer === opposite(e.seat)) return null;
  return offer;
}
