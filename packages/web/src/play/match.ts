// The game being played in the page and everything the app does with it: moves from the
// board, the computer's turns, replay, takeback, hints, import and export, and saving to local
// storage. The computer's searches are computer.ts's, the status line's sentences speech.ts's;
// this decides when each is wanted. Components read its signals and call its methods.

import {
  type Colour,
  cellName,
  Game,
  type Move,
  makeAgn,
  makeApn,
  makeMoveText,
  moveFrom,
  opposite,
  PASS_MOVE,
  type Position,
  parseAgn,
  parseApn,
  parseMoveText,
  type RuleId,
  startPosition,
  variantOf,
} from '@agon/engine';
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import type { Board } from '../board/board.ts';
import type { BoardConfig } from '../board/config.ts';
import { type Phrase, phrase, t } from '../i18n/ui.ts';
import { type BoardController, touchBinds } from '../lib/board-controller.ts';
import { boardConfigOf, moveCells, moveOfTap, stuckMarks } from '../lib/board-feed.ts';
import type { ComputerPlayer } from '../lib/engine-client.ts';
import { premovableOf, premoveText } from '../lib/premove.ts';
import type { Unreadable } from '../lib/record-problem.ts';
import { refusal } from '../lib/refusal.ts';
import { preferences, updatePreferences } from '../lib/settings.ts';
import { playCaptureSound, playMoveSound } from '../lib/sound.ts';
import { loadGame, saveGame } from '../lib/storage.ts';
import { explainTap, pickUpPhrase, type Said } from '../lib/taps.ts';
import { Computer } from './computer.ts';
import { DEFAULT_SETUP, type GameSetup, playerName, readSetup } from './setup.ts';
import { endingPhrase, playedPhrase, sentences, silence, turnPrompt } from './speech.ts';

function today(): string {
  const d = new Date();
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`;
}

/** The game in the page, with the app's actions on it. */
export class Match implements BoardController {
  /** How the current game was set up. */
  readonly setup = signal<GameSetup>(DEFAULT_SETUP);
  /** Bumped after every change to the (mutable) game, so computed views refresh. */
  readonly version = signal(0);
  /** The ply shown while replaying, or undefined for the live position. */
  readonly view = signal<number | undefined>(undefined);
  /** The suggested move on the board, if the player asked for one. */
  readonly hint = signal<Move | undefined>(undefined);
  /** The status line: the last turn, what is owed, a refusal explained, or the result. */
  readonly status = signal<Said>({ text: silence });
  /** Whether the result dialog is open. */
  readonly resultOpen = signal(false);
  /** Which dialog is open, if any. */
  readonly dialog = signal<'new' | 'record' | undefined>(undefined);
  /** Whether the board is turned round from its usual way up. */
  readonly flipped = signal(false);

  /** Whether the computer is searching for its move. */
  readonly thinking: ReadonlySignal<boolean>;

  private readonly computer: Computer;
  /** Set while the game page is not shown: the computer then neither searches nor moves. */
  private paused = false;
  /** The board that holds the premove and plays it when told. */
  private premoves: Pick<Board, 'playPremove' | 'cancelPremove'> | undefined;
  private current: Game;
  private tags = new Map<string, string>();

  /** Restores the stored game, or starts the first visit's game; `engine` plays the computer. */
  constructor(engine: ComputerPlayer | undefined) {
    this.computer = new Computer(engine);
    this.thinking = this.computer.thinking;
    const saved = loadGame();
    const record = saved ? parseAgn(saved.agn) : undefined;
    if (saved && record?.ok) {
      // The record says which rule the game is played under (R16), whatever the setup says.
      const captorPlacesQueen = record.value.game.captorPlacesQueen;
      this.setup.value = { ...readSetup(saved.setup), captorPlacesQueen };
      this.current = record.value.game;
      this.tags = new Map(
        [...record.value.tags].filter(([k]) => ['Event', 'Date', 'White', 'Black'].includes(k)),
      );
    } else {
      this.current = new Game(startPosition(DEFAULT_SETUP.variant));
      this.tags = this.freshTags(DEFAULT_SETUP);
    }
    this.say(this.prompt());
  }

  /** The live game (mutable: change it only through the match). */
  get game(): Game {
    // Reading the version makes every computed view that reads the game follow its changes.
    this.version.value;
    return this.current;
  }

  /** Number of turns played. */
  readonly plies = computed(() => this.game.moves.length);

  /** The ply on the board: the replayed one, or the last. */
  readonly shownPly = computed(() => this.view.value ?? this.plies.value);

  /** The position on the board (the live one, or a replayed one). */
  readonly shownPosition = computed(() => this.positionAt(this.shownPly.value));

  /** The side a person plays against the computer; undefined between two people. */
  readonly you = computed<Colour | undefined>(() =>
    this.setup.value.mode === 'computer' ? this.setup.value.human : undefined,
  );

  /**
   * Whether a person chooses the next turn now (always, between two people): their own turn,
   * or under R16 the cell of the computer's captured queen.
   */
  readonly humanToMove = computed(() => {
    const you = this.you.value;
    const chooser = this.game.chooser;
    return chooser !== undefined && (!you || chooser === you);
  });

  /** The premove queued on the board, if any. */
  readonly premove = signal<readonly [number, number] | undefined>(undefined);

  /** Whether a premove may be queued: against the computer, while it chooses the next turn. */
  readonly canPremove = computed(() => {
    const you = this.you.value;
    const chooser = this.game.chooser;
    return (
      preferences.value.premove &&
      this.view.value === undefined &&
      you !== undefined &&
      chooser !== undefined &&
      chooser !== you
    );
  });

  /** The words about the queued premove, or undefined when none is queued. */
  readonly premoveStatus = computed((): string | undefined => {
    const queued = this.premove.value;
    return queued
      ? t('premove.queued', { move: premoveText(this.game.position, queued) })
      : undefined;
  });

  /** Gives the match the board its premoves are queued on (undefined once it is gone). */
  connectBoard(board: Pick<Board, 'playPremove' | 'cancelPremove'> | undefined): void {
    this.premoves = board;
  }

  /** The board's `premove` event. */
  premoveFromBoard(from: number, to: number): void {
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

  /** The position after `ply` turns. */
  positionAt(ply: number): Position {
    const game = this.game;
    const pos = game.initial;
    for (const m of game.moves.slice(0, ply)) pos.make(m);
    return pos;
  }

  /** The colour at the bottom of the board. */
  readonly orientation = computed((): Colour => {
    const you = this.you.value ?? 'white';
    return this.flipped.value ? opposite(you) : you;
  });

  /** What the board should show and allow now. */
  readonly boardConfig = computed((): BoardConfig => {
    const ply = this.shownPly.value;
    const live = this.view.value === undefined;
    const game = this.game;
    const playing = live && this.humanToMove.value && !this.thinking.value;
    return {
      ...boardConfigOf({
        position: this.shownPosition.value,
        lastMove: game.moves[ply - 1],
        legal: playing ? game.legalMoves() : undefined,
        touched: live ? game.touched : -1,
      }),
      premovable:
        this.canPremove.value && this.you.value !== undefined
          ? premovableOf(game.position, this.you.value, game.captorPlacesQueen)
          : undefined,
      orientation: this.orientation.value,
      coordinates: preferences.value.coordinates && 'edge',
      hint: live ? moveCells(this.hint.value) : [],
      // A game lost for want of a move shows why on the board, for as long as it is shown.
      ...(live && game.outcome?.reason === 'no-moves'
        ? stuckMarks(this.shownPosition.value)
        : { highlight: [], forbidden: [] }),
    };
  });

  /** Set by a tap on the board while replaying, until the replay moves. */
  private readonly replayTapped = signal(false);

  /** The status line in the current language (while replaying, where the replay is). */
  readonly statusText = computed(() => {
    const shown = this.view.value;
    if (shown === undefined) return this.status.value.text();
    const where = t('status.replaying', { shown, last: this.plies.value });
    return this.replayTapped.value ? `${where} ${t('refuse.replaying')}` : where;
  });

  /** The rule that explains the status line, when it is a refusal. */
  readonly statusRule = computed(() =>
    this.view.value === undefined ? this.status.value.rule : undefined,
  );

  /** Puts a sentence on the status line, with the rule behind it when it is a refusal. */
  say(text: Phrase, rule?: RuleId): void {
    this.status.value = rule ? { text, rule } : { text };
  }

  /** Whether the player to move must pass: touch-move, and the touched piece is stuck (R15). */
  readonly mustPass = computed(() => {
    const legal = this.game.legalMoves();
    return legal.length === 1 && legal[0] === PASS_MOVE;
  });

  /** Whether there is a person's turn (or a resignation) to take back. */
  readonly canTakeback = computed(() => {
    const game = this.game;
    if (game.outcome?.reason === 'resignation' || game.outcome?.reason === 'agreement') return true;
    const you = this.you.value;
    if (!you) return game.moves.length > 0;
    // Under R16 a person also chooses some of the computer's turns.
    return game.choosers().includes(you);
  });

  /** The board's `move` event: a step or relocation, or with no `from` a placement on `to`. */
  moveFromBoard(from: number | undefined, to: number): void {
    const move = moveOfTap(this.current.legalMoves(), from, to);
    if (move !== undefined) this.play(move);
  }

  /** The board's `place` event. */
  placeFromBoard(to: number): void {
    this.moveFromBoard(undefined, to);
  }

  /**
   * The board's `select` event: says where the piece picked up may go, or what the turn owes;
   * under touch-move, picking a piece up commits to it (R15).
   */
  selectFromBoard(cell: number | undefined): void {
    const game = this.current;
    if (cell === undefined || game.touched === cell) return;
    if (!game.touchMove || game.position.relocating) {
      this.say(pickUpPhrase(game, cell, this.you.value));
    } else if (game.touch(cell).ok) {
      const role = game.position.pieceAt(cell)?.role ?? 'guard';
      this.say(phrase(`touch.committed.${role}`, { cell: cellName(cell) }));
      this.bump();
    }
  }

  /** The board's `reject` event: says why that tap is not a move, so no tap goes unanswered. */
  rejectFromBoard(from: number | undefined, to: number): void {
    const game = this.current;
    const pos = game.position;
    if (this.view.value !== undefined) {
      this.replayTapped.value = true;
      return;
    }
    if (game.outcome) {
      this.say(phrase('refuse.over'));
      return;
    }
    if (!this.humanToMove.value || this.thinking.value) {
      this.say(phrase('refuse.notYourTurn'));
      return;
    }
    const piece = pos.pieceAt(to);
    if (piece && touchBinds(game, to) && game.touch(to).ok) {
      this.say(phrase(`touch.stuck.${piece.role}`, { cell: cellName(to) }), 'R15');
      this.bump();
      return;
    }
    const said = explainTap(game, from, to, this.you.value);
    this.say(said.text, said.rule);
  }

  /**
   * A move typed in notation (`b1-c2`, `e5@a3`, `@c4`, `pass`): played when legal, otherwise
   * the reason comes back and the game is unchanged.
   */
  playTyped(text: string): Phrase | undefined {
    const game = this.current;
    if (game.outcome) return phrase('refuse.over');
    if (!this.humanToMove.value || this.thinking.value) return phrase('refuse.notYourTurn');
    const parsed = parseMoveText(text.trim());
    if (!parsed.ok) return phrase('typed.notMove', { text: text.trim() });
    const move = parsed.value;
    if (game.touched >= 0 && move !== PASS_MOVE && moveFrom(move) !== game.touched) {
      return phrase('touch.mustMove', { cell: cellName(game.touched) });
    }
    if (!game.legalMoves().includes(move)) return refusal(game.position, move) ?? silence;
    this.view.value = undefined;
    this.play(move);
    return undefined;
  }

  /** Plays a turn for the player to move, if legal; says what happened and what is owed. */
  play(move: Move): boolean {
    const game = this.current;
    const before = game.position.clone();
    const captured = before.capturedBy(move);
    if (!game.play(move).ok) return false;
    // Starting a clip takes a while (about 20 ms on a slow phone): a task of its own.
    if (preferences.value.sound) setTimeout(captured.length ? playCaptureSound : playMoveSound);
    const said = playedPhrase(before, move, captured, game, this.you.value);
    batch(() => {
      this.hint.value = undefined;
      this.say(said);
      this.afterChange();
    });
    return true;
  }

  /** Forfeits the turn under touch-move (R15). */
  pass(): void {
    this.play(PASS_MOVE);
  }

  private afterChange(): void {
    const game = this.current;
    if (game.outcome) {
      this.say(
        sentences(
          this.status.value.text,
          endingPhrase(game.outcome, game.position, this.you.value),
        ),
      );
      this.resultOpen.value = true;
      if (!preferences.value.introDone) updatePreferences({ introDone: true });
    } else {
      this.resultOpen.value = false;
    }
    this.bump();
    // Stored at once: a tab closed right after a move must not lose it, and a page that is
    // going away runs no more tasks. (Writing a long game's record takes about 0.25 ms.)
    this.save();
    // The computer starts in a task of its own, after the one that shows the change: on a slow
    // phone one task doing it all was long enough to feel.
    setTimeout(() => void this.computerTurn());
  }

  private bump(): void {
    this.version.value++;
  }

  private save(): void {
    saveGame({ setup: this.setup.value, agn: this.agn() });
  }

  private freshTags(setup: GameSetup): Map<string, string> {
    return new Map([
      ['Event', t('record.event')],
      ['Date', today()],
      ['White', playerName(setup, 'white')],
      ['Black', playerName(setup, 'black')],
    ]);
  }

  /** Stops the computer's search; the game changes under it, so a premove goes too. */
  private stopComputer(): void {
    this.computer.stop();
    this.premoves?.cancelPremove();
  }

  /** Lets the computer move, if it is its turn. */
  private async computerTurn(): Promise<void> {
    const game = this.current;
    const setup = this.setup.value;
    const chooser = game.chooser;
    if (setup.mode !== 'computer' || chooser === undefined || chooser === setup.human) return;
    if (this.paused) return;
    const thought = await this.computer.move(game, setup.level);
    if (!thought) return;
    if ('failed' in thought) this.say(phrase('status.engineFailed'));
    else if (thought.move === undefined || !this.play(thought.move)) {
      this.say(phrase('status.computerNoMove'));
    } else if (this.humanToMove.value) {
      // The board has the legal turns already (the move redrew it): a premove goes now or never.
      this.premoves?.playPremove();
    }
  }

  /** Starts a game: `random` sides are drawn here. */
  newGame(setup: GameSetup): void {
    this.stopComputer();
    const human: Colour =
      setup.side === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : setup.side;
    const resolved = {
      ...setup,
      human,
      touchMove: setup.mode === 'people' && setup.touchMove,
    };
    batch(() => {
      this.setup.value = resolved;
      this.current = new Game(startPosition(resolved.variant), {
        touchMove: resolved.touchMove,
        captorPlacesQueen: resolved.captorPlacesQueen,
      });
      this.tags = this.freshTags(resolved);
      this.view.value = undefined;
      this.hint.value = undefined;
      this.dialog.value = undefined;
      this.flipped.value = false;
      this.say(this.prompt());
      this.afterChange();
    });
  }

  /** The same game again with the sides swapped (against the computer). */
  rematch(): void {
    const s = this.setup.value;
    const human = opposite(s.human);
    this.newGame({ ...s, human, side: s.mode === 'computer' ? human : s.side });
  }

  /** Takes back the last person's turn (and the computer's reply), or a resignation. */
  takeback(): void {
    if (!this.canTakeback.value) return;
    this.stopComputer();
    const game = this.current;
    const you = this.you.value;
    const byPlayers =
      game.outcome?.reason === 'resignation' || game.outcome?.reason === 'agreement';
    if (byPlayers || !you) game.undo();
    else {
      let undone = 0;
      while (game.moves.length > 0 && (undone === 0 || game.chooser !== you)) {
        game.undo();
        undone++;
      }
    }
    batch(() => {
      this.view.value = undefined;
      this.hint.value = undefined;
      this.say(sentences(phrase('status.takenBack'), this.prompt()));
      this.afterChange();
    });
  }

  /** The player to move (a person) resigns. */
  resign(): void {
    const game = this.current;
    if (game.outcome) return;
    this.stopComputer();
    game.resign(this.you.value ?? game.position.turnColour);
    batch(() => {
      this.say(silence);
      this.afterChange();
    });
  }

  /** Two people on one device agree a draw. */
  agreeDraw(): void {
    const game = this.current;
    if (game.outcome || this.you.value) return;
    game.agreeDraw();
    batch(() => {
      this.say(silence);
      this.afterChange();
    });
  }

  /** Whether a game is under way that starting another would throw away. */
  readonly inProgress = computed(() => !this.game.outcome && this.plies.value > 0);

  /** Asks the engine for a move for the person to move and draws it on the board. */
  async requestHint(): Promise<void> {
    const game = this.current;
    const ready = this.computer.present && this.humanToMove.value && !this.thinking.value;
    if (!ready || game.touchMove) return;
    const version = this.version.value;
    this.say(phrase('status.hintLooking'));
    const move = await this.computer.hint(game);
    if (this.version.value !== version || move === undefined) return;
    this.hint.value = move;
    this.say(phrase('status.hint', { move: makeMoveText(move) }));
  }

  /** Shows the position after `ply` turns without changing the game; past the end goes live. */
  showPly(ply: number): void {
    const last = this.plies.value;
    this.replayTapped.value = false;
    this.view.value = ply >= last ? undefined : Math.max(0, ply);
  }

  /**
   * Takes the game back to the replayed position and plays on from there, against the
   * computer (which moves if it is its turn) or between people.
   */
  playOnFromHere(): void {
    const ply = this.view.value;
    if (ply === undefined) return;
    this.stopComputer();
    const game = this.current;
    while (game.moves.length > ply) game.undo();
    if (game.outcome) game.undo(); // a resignation or agreed draw at that point goes too
    batch(() => {
      this.view.value = undefined;
      this.hint.value = undefined;
      this.resultOpen.value = false;
      this.say(sentences(phrase('status.playingOn', { ply }), this.prompt()));
      this.afterChange();
    });
  }

  /** The game as AGN text. */
  agn(): string {
    return makeAgn(this.current, this.tags);
  }

  /** The shown position as APN text. */
  apn(): string {
    return makeApn(this.shownPosition.value);
  }

  /**
   * Loads a game from AGN text, or a position from APN text. On bad input returns what is
   * wrong with it (worded by the record dialog, lib/record-problem.ts) and keeps the current
   * game.
   */
  load(text: string): Unreadable | undefined {
    const trimmed = text.trim();
    if (trimmed === '') return { empty: true };
    let game: Game;
    let tags = new Map<string, string>();
    const s = this.setup.value;
    const asApn = parseApn(trimmed);
    // A position brings no rules with it: R16, and between people touch-move, stay as they were.
    if (asApn.ok) {
      game = new Game(asApn.value, {
        touchMove: s.mode === 'people' && s.touchMove,
        captorPlacesQueen: s.captorPlacesQueen,
      });
    } else {
      const record = parseAgn(trimmed);
      if (!record.ok) return { text: trimmed, apn: asApn.error, agn: record.error };
      game = record.value.game;
      tags = record.value.tags;
    }
    this.stopComputer();
    const variant = variantOf(game.initial);
    const notes = sentences(
      game.touchMove ? phrase('status.touchMoveOn') : silence,
      game.captorPlacesQueen ? phrase('status.captorOn') : silence,
    );
    batch(() => {
      this.setup.value = {
        ...s,
        variant,
        mode: game.touchMove ? 'people' : s.mode,
        touchMove: game.touchMove,
        captorPlacesQueen: game.captorPlacesQueen,
      };
      this.current = game;
      this.tags = new Map([...this.freshTags(this.setup.value), ...tags]);
      this.view.value = undefined;
      this.hint.value = undefined;
      this.dialog.value = undefined;
      // A record that ends the game gets its result from afterChange, once.
      this.say(
        game.outcome
          ? phrase('status.loaded')
          : sentences(phrase('status.loaded'), notes, this.prompt()),
      );
      this.afterChange();
    });
    return undefined;
  }

  /** Whose turn it is now, or the result. */
  private prompt(): Phrase {
    return turnPrompt(this.current, this.you.value);
  }

  /**
   * The game page is shown: the computer's engine starts, and the computer moves if it is its
   * turn (after a reload, say, or on coming back to the page).
   */
  resume(): void {
    this.paused = false;
    this.computer.start();
    void this.computerTurn();
  }

  /**
   * The game page is left for another: the computer's search, if any, is abandoned and its
   * engine ended, so no other page runs it; `resume` takes the game up again.
   */
  pause(): void {
    this.paused = true;
    this.computer.end();
  }
}
