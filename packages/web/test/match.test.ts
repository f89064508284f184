import {
  cellName,
  Game,
  makeMoveText,
  moveFrom,
  moveTo,
  PLACEMENT_APN,
  parseApn,
  parseCell,
  STANDARD_APN,
} from '@agon/engine';
import { effect } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { createBoard } from '../src/board/board.ts';
import { setLanguage } from '../src/i18n/ui.ts';
import { Cancelled, type ComputerPlayer, type SearchRequest } from '../src/lib/engine-client.ts';
import { loadProblem } from '../src/lib/record-problem.ts';
import { preferences } from '../src/lib/settings.ts';
import { MIN_THINK_MS } from '../src/play/computer.ts';
import { Match } from '../src/play/match.ts';
import { DEFAULT_SETUP } from '../src/play/setup.ts';

const c = parseCell;

/** A stand-in computer: plays the first legal move at once, and records what it was asked. */
class FirstMove implements ComputerPlayer {
  readonly requests: SearchRequest[] = [];
  cancelled = 0;
  private reject: ((e: Error) => void) | undefined;
  bestMove(request: SearchRequest): Promise<string | undefined> {
    this.requests.push(request);
    const start = parseApn(request.startApn);
    if (!start.ok) throw new Error(start.error.message);
    const game = new Game(start.value);
    for (const m of request.moves) game.play(game.legalMoves().find((x) => makeMoveText(x) === m)!);
    const move = game.legalMoves()[0];
    return new Promise((resolve, reject) => {
      this.reject = reject;
      resolve(move === undefined ? undefined : makeMoveText(move));
    });
  }
  cancel(): void {
    this.cancelled++;
    this.reject?.(new Cancelled('cancelled'));
  }
  start(): void {}
  end(): void {
    this.cancel();
  }
}

function step(match: Match, text: string): void {
  const [from, to] = text.split('-') as [string, string];
  match.moveFromBoard(c(from), c(to));
}

describe('Match', () => {
  it('starts a first visit as White against the computer at level 3', () => {
    const match = new Match(undefined);
    expect(match.setup.value).toEqual(DEFAULT_SETUP);
    expect(match.setup.value.level).toBe(3);
    expect(match.humanToMove.value).toBe(true);
    expect(match.boardConfig.value.movable?.dests.size).toBeGreaterThan(0);
    expect(match.statusText.value).toBe('Your move.');
  });

  it('answers a move with the computer’s, no sooner than half a second', async () => {
    vi.useFakeTimers();
    try {
      const engine = new FirstMove();
      const match = new Match(engine);
      step(match, 'b1-c2');
      expect(match.boardConfig.value.movable).toBeUndefined();
      // The computer starts in a task of its own, after the one that shows the move.
      await vi.advanceTimersByTimeAsync(0);
      expect(match.thinking.value).toBe(true);
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS - 50);
      expect(match.plies.value).toBe(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(match.plies.value).toBe(2);
      expect(match.thinking.value).toBe(false);
      expect(match.statusText.value).toMatch(/^Computer: /);
      expect(engine.requests[0]).toMatchObject({
        startApn: STANDARD_APN,
        moves: ['b1-c2'],
        level: 3,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks level 10 for a fixed two seconds, lower levels for their own limits', async () => {
    const engine = new FirstMove();
    const match = new Match(engine);
    match.newGame({ ...DEFAULT_SETUP, level: 10, side: 'black' });
    await new Promise((r) => setTimeout(r));
    expect(engine.requests.at(-1)?.movetime).toBe(2000);
    match.newGame({ ...DEFAULT_SETUP, level: 4, side: 'black' });
    await new Promise((r) => setTimeout(r));
    expect(engine.requests.at(-1)?.movetime).toBeUndefined();
  });

  it('takes back the person’s move and the computer’s reply, or cancels the search', async () => {
    const engine = new FirstMove();
    const match = new Match(engine);
    step(match, 'b1-c2');
    expect(match.canTakeback.value).toBe(true);
    match.takeback(); // while the computer thinks: its search is cancelled
    expect(engine.cancelled).toBeGreaterThan(0);
    expect(match.plies.value).toBe(0);
    expect(match.thinking.value).toBe(false);
    expect(match.canTakeback.value).toBe(false);
  });

  it('plays a person’s Black side: the computer moves first, takeback keeps its first move', async () => {
    vi.useFakeTimers();
    try {
      const match = new Match(new FirstMove());
      match.newGame({ ...DEFAULT_SETUP, side: 'black' });
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
      expect(match.plies.value).toBe(1);
      expect(match.canTakeback.value).toBe(false);
      expect(match.boardConfig.value.orientation).toBe('black');
      const [from, tos] = [...match.boardConfig.value.movable!.dests][0]!;
      match.moveFromBoard(from, tos[0]!);
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
      expect(match.plies.value).toBe(3);
      match.takeback();
      expect(match.plies.value).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('picks up the piece to relocate, queen first', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    expect(match.load('1g4/1G1G3/8/7g1/Q1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w')).toBeUndefined();
    const config = match.boardConfig.value;
    expect(config.selected).toBe(c('e9'));
    // Locked: tapping it again keeps it up (R10 leaves nothing else to do this turn).
    expect(config.movable?.locked).toBe(true);
    expect(config.movable?.dests.get(c('e9'))).toContain(c('f1'));
    expect(match.statusText.value).toContain(
      'White’s guard on e9 was captured: click an outer-ring cell to put it back.',
    );
    // A tap on another own piece says what is owed, and points to the rule.
    match.rejectFromBoard(c('e9'), c('b2'));
    expect(match.statusText.value).toBe(
      'White’s guard on e9 was captured: click an outer-ring cell to put it back.',
    );
    expect(match.statusRule.value).toBe('R10');
    match.moveFromBoard(c('e9'), c('f1'));
    expect(match.statusText.value).toBe(
      'White: relocates the captured guard from e9 to f1 (e9@f1).',
    );
  });

  it('marks R8-forbidden steps and explains a tap on one', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    match.load('1g3G/6g/1G6/g7G/10/Q9q/10/7G1/1g5g/G6/1g2G1 w');
    expect(match.boardConfig.value.movable?.blocked?.get(c('k1'))).toEqual([c('k2')]);
    match.rejectFromBoard(c('k1'), c('k2'));
    expect(match.statusText.value).toBe(
      'k2 lies between two Black pieces, on l2 and i2: no step may end there.',
    );
    expect(match.statusRule.value).toBe('R8');
  });

  it('keeps the touched piece picked up under touch-move, and loading a position keeps the rule', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people', touchMove: true });
    match.selectFromBoard(c('b1'));
    expect(match.boardConfig.value.selected).toBe(c('b1'));
    expect(match.boardConfig.value.movable?.locked).toBe(true);
    match.rejectFromBoard(c('b1'), c('h1'));
    expect(match.statusText.value).toBe('Touch-move: you must move the piece on b1.');
    expect(match.load(STANDARD_APN)).toBeUndefined();
    expect(match.game.touchMove).toBe(true);
    expect(match.statusText.value).toBe('Game loaded. Touch-move stays on. White to move.');
  });

  it('says where a replay is, answers a tap on the board, and plays on from there', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    for (const m of ['b1-c2', 'h1-g2', 'c2-c3', 'g2-g3']) step(match, m);
    match.showPly(2);
    expect(match.statusText.value).toBe('Move 2 of 4: replaying.');
    expect(match.boardConfig.value.movable).toBeUndefined();
    match.rejectFromBoard(undefined, c('c2'));
    expect(match.statusText.value).toMatch(
      /^Move 2 of 4: replaying\. You are looking at an earlier/,
    );
    match.playOnFromHere();
    expect(match.plies.value).toBe(2);
    expect(match.view.value).toBeUndefined();
    expect(match.statusText.value).toBe('Playing on from move 2. White to move.');
  });

  it('lets two people agree a draw, which takes back like a resignation', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    step(match, 'b1-c2');
    expect(match.inProgress.value).toBe(true);
    match.agreeDraw();
    expect(match.game.outcome).toEqual({ winner: undefined, reason: 'agreement' });
    expect(match.inProgress.value).toBe(false);
    match.takeback();
    expect(match.game.outcome).toBeUndefined();
    expect(match.plies.value).toBe(1);
  });

  it('offers placements in the placement variant', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people', variant: 'placement' });
    expect(match.apn()).toBe(PLACEMENT_APN);
    const placements = match.boardConfig.value.movable?.placements ?? [];
    expect(placements).toHaveLength(88);
    expect(placements).not.toContain(c('f6'));
    match.placeFromBoard(c('c4'));
    expect(match.statusText.value).toBe('White: places a guard on c4.');
  });

  it('refuses a bad record with a message and keeps the game', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    step(match, 'b1-c2');
    const before = match.agn();
    const problem = (text: string): string | undefined => {
      const unreadable = match.load(text);
      return unreadable && loadProblem(unreadable)();
    };
    expect(problem('[Variant "Standard"]\n\n1. f1-f5 *')).toMatch(
      /^That is not a valid game record \(AGN\): move 1 f1-f5 is illegal\. f1 and f5 are not adjacent/,
    );
    expect(problem('')).toMatch(/empty/);
    expect(problem('1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 x')).toBe(
      'That is not a valid position (APN): the side to move is written w or b.',
    );
    expect(match.agn()).toBe(before);
  });

  it('says a loaded game is over once, with its result', () => {
    const match = new Match(undefined);
    match.load('1g4/6g/8/g8/4GG4/4GQG3q/4GG4/g8/8/6g/1g4 b');
    expect(match.statusText.value).toBe(
      'Game loaded. You win! White completed the throne ring: the queen on the throne and six guards around it.',
    );
  });

  it('plays a typed move, and says why another is refused', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    expect(match.playTyped('b1-c2')).toBeUndefined();
    expect(match.plies.value).toBe(1);
    expect(match.playTyped('x')?.()).toBe('“x” is not a move: write it like b1-c2, e5@a3 or @c4.');
    expect(match.playTyped('h1-h3')?.()).toBe(
      'h1 and h3 are not adjacent; a step goes to a neighbouring cell.',
    );
    expect(match.plies.value).toBe(1);
  });

  it('says in the current language where a picked-up piece may go', async () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    match.selectFromBoard(c('b1'));
    expect(match.statusText.value).toBe('Guard on b1 picked up: 4 legal destinations.');
    try {
      await setLanguage('ru');
      expect(match.statusText.value).toBe('Страж на b1 поднят: 4 допустимые клетки.');
    } finally {
      await setLanguage('en');
    }
  });

  it('loads an AGN record and steps through it without changing it', () => {
    const match = new Match(undefined);
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    expect(match.load('[Variant "Standard"]\n\n1. b1-c2 h1-g2 2. k1-i2 *')).toBeUndefined();
    expect(match.plies.value).toBe(3);
    match.showPly(1);
    expect(match.boardConfig.value.movable).toBeUndefined();
    expect(match.boardConfig.value.lastMove?.map(cellName)).toEqual(['b1', 'c2']);
    expect(match.plies.value).toBe(3);
    match.showPly(5);
    expect(match.view.value).toBeUndefined();
  });

  it('ends a game by resignation and says so; rematch swaps the sides', () => {
    const match = new Match(new FirstMove());
    match.resign();
    expect(match.game.outcome).toEqual({ winner: 'black', reason: 'resignation' });
    expect(match.resultOpen.value).toBe(true);
    expect(match.statusText.value).toBe('You lose. White resigned.');
    match.rematch();
    expect(match.setup.value.human).toBe('black');
    expect(match.plies.value).toBe(0);
  });

  it('shows a hint from the engine on the board', async () => {
    const match = new Match(new FirstMove());
    await match.requestHint();
    const hint = match.hint.value!;
    expect(match.boardConfig.value.hint).toEqual([moveFrom(hint), moveTo(hint)]);
    expect(match.statusText.value).toBe(`Hint: ${makeMoveText(hint)}.`);
  });

  it('leaves the computer still while the game page is not shown, and lets it move on return', async () => {
    vi.useFakeTimers();
    try {
      const engine = new FirstMove();
      const match = new Match(engine);
      match.newGame({ ...DEFAULT_SETUP, side: 'black' });
      // Left before the computer's turn began: it does not search.
      match.pause();
      await vi.advanceTimersByTimeAsync(2 * MIN_THINK_MS);
      expect(engine.requests).toHaveLength(0);
      expect(match.plies.value).toBe(0);
      match.resume();
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
      expect(match.plies.value).toBe(1);
      // Left while it thinks: the search is abandoned, and its answer dropped.
      step(match, 'k7-i8');
      expect(match.plies.value).toBe(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(match.thinking.value).toBe(true);
      match.pause();
      expect(match.thinking.value).toBe(false);
      await vi.advanceTimersByTimeAsync(2 * MIN_THINK_MS);
      expect(match.plies.value).toBe(2);
      match.resume();
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
      expect(match.plies.value).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores every change at once, so a tab closed right after a move keeps it', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
    try {
      const stored = (): string =>
        (JSON.parse(store.get('agon.game.v1') ?? '{}') as { agn?: string }).agn ?? '';
      const match = new Match(new FirstMove());
      match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
      expect(stored()).toBe(match.agn());
      // No task runs between the change and the check: what a closed tab leaves is stored.
      step(match, 'b1-c2');
      expect(stored()).toContain('1. b1-c2');
      step(match, 'a2-b2');
      expect(stored()).toContain('1. b1-c2 a2-b2');
      match.takeback();
      expect(stored()).not.toContain('a2-b2');
      match.resign();
      expect(stored()).toMatch(/1-0|0-1/);
      expect(match.load(STANDARD_APN)).toBeUndefined();
      expect(stored()).toBe(match.agn());
      // The next visit finds the game as it was left.
      step(match, 'h9-h8');
      expect(new Match(undefined).agn()).toBe(match.agn());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('R16: the captor places a captured queen', () => {
    // White to move can capture Black's queen with d9-e9 (she is taken on f9).
    const WHITE_CAPTURES = '1g1G2/G5g/8/g7G/Q9/8q2/7G2/g3g4/8/G4g1/2G3 w';
    // White's queen was captured on g2 and White, to move, owes her relocation.
    const WHITE_OWES = 'g5/5Gg/1G6/6G2/7q2/2g8/1Q*6G1/g8/8/G5g/2g2G w';

    it('lets the person who captured the computer’s queen choose her cell, then the computer moves', async () => {
      vi.useFakeTimers();
      try {
        const engine = new FirstMove();
        const match = new Match(engine);
        match.newGame({ ...DEFAULT_SETUP, captorPlacesQueen: true });
        expect(match.load(WHITE_CAPTURES)).toBeUndefined();
        expect(match.game.captorPlacesQueen).toBe(true);
        step(match, 'd9-e9');
        await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
        // Black's turn, White's choice: the computer is not asked, the queen is picked up.
        expect(engine.requests).toHaveLength(0);
        expect(match.humanToMove.value).toBe(true);
        expect(match.boardConfig.value.selected).toBe(c('f9'));
        expect(match.statusText.value).toContain('You captured the computer’s queen');
        expect(match.statusRule.value).toBeUndefined();
        match.moveFromBoard(c('f9'), c('a1'));
        expect(match.game.position.queenCell[1]).toBe(c('a1'));
        expect(match.statusText.value).toBe(
          'You: relocates the captured queen from f9 to a1 (f9@a1). Your move.',
        );
        // The relocation was Black's turn: White moves next, and takes back the placement alone.
        expect(match.game.position.turnColour).toBe('white');
        expect(match.humanToMove.value).toBe(true);
        match.takeback();
        expect(match.plies.value).toBe(1);
        expect(match.boardConfig.value.selected).toBe(c('f9'));
      } finally {
        vi.useRealTimers();
      }
    });

    it('has the computer choose the cell of the person’s captured queen, under R16', async () => {
      vi.useFakeTimers();
      try {
        const engine = new FirstMove();
        const match = new Match(engine);
        match.newGame({ ...DEFAULT_SETUP, captorPlacesQueen: true });
        expect(match.load(WHITE_OWES)).toBeUndefined();
        // White's turn, but the computer (Black) chooses: the person's board stays still.
        expect(match.humanToMove.value).toBe(false);
        expect(match.boardConfig.value.movable).toBeUndefined();
        await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
        expect(engine.requests[0]).toMatchObject({ moves: [], captorPlacesQueen: true });
        expect(match.plies.value).toBe(1);
        expect(match.statusText.value).toMatch(/^Computer: relocates the captured queen from g2/);
        // Then Black's own turn: the computer moves again.
        await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
        expect(match.plies.value).toBe(2);
        expect(match.humanToMove.value).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it('between people the captor chooses, and an R16 record brings its rule along', () => {
      const match = new Match(undefined);
      match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
      expect(match.load(WHITE_CAPTURES)).toBeUndefined();
      expect(match.game.captorPlacesQueen).toBe(false);
      const agn = `[QueenPlacement "Captor"]\n[Position "${WHITE_CAPTURES}"]\n\n1. d9-e9 *`;
      expect(match.load(agn)).toBeUndefined();
      expect(match.game.captorPlacesQueen).toBe(true);
      expect(match.setup.value.captorPlacesQueen).toBe(true);
      expect(match.statusText.value).toContain('The captor places a captured queen (R16).');
      expect(match.statusText.value).toContain('White captured Black’s queen: White,');
      expect(match.agn()).toContain('[QueenPlacement "Captor"]');
      // A tap on the captor's own guard is answered with what the captor must do, by R16.
      match.rejectFromBoard(undefined, c('e9'));
      expect(match.statusText.value).toContain('White captured Black’s queen: White,');
      expect(match.statusRule.value).toBe('R16');
    });
  });
});

/** A headless board fed by `match` and reporting to it, as the play page hosts one. */
function boardOf(match: Match) {
  const board = createBoard({
    events: {
      move: (from, to) => match.moveFromBoard(from, to),
      premove: (from, to) => match.premoveFromBoard(from, to),
      unpremove: () => match.unpremoveFromBoard(),
    },
  });
  const stop = effect(() => board.set(match.boardConfig.value));
  match.connectBoard(board);
  return { board, stop };
}

describe('Match premoves', () => {
  it('plays a premove queued while the computer thinks as soon as its move is played', async () => {
    vi.useFakeTimers();
    try {
      const match = new Match(new FirstMove());
      const { board, stop } = boardOf(match);
      step(match, 'b1-c2');
      await vi.advanceTimersByTimeAsync(0);
      expect(match.thinking.value).toBe(true);
      board.tap(c('f1'));
      board.tap(c('f2'));
      expect(match.premoveStatus.value).toBe(
        'Premove f1-f2 queued: it is played as soon as your turn comes, if it is legal then.',
      );
      expect(match.plies.value).toBe(1);
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
      expect(match.game.moves.map(makeMoveText)[2]).toBe('f1-f2');
      expect(match.premove.value).toBeUndefined();
      expect(board.state.premove).toBeUndefined();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a queued premove when the game is taken back or started again', async () => {
    vi.useFakeTimers();
    try {
      const match = new Match(new FirstMove());
      const { board, stop } = boardOf(match);
      step(match, 'b1-c2');
      await vi.advanceTimersByTimeAsync(0);
      board.tap(c('f1'));
      board.tap(c('f2'));
      match.takeback();
      expect(match.premove.value).toBeUndefined();
      expect(match.plies.value).toBe(0);
      step(match, 'b1-c2');
      await vi.advanceTimersByTimeAsync(0);
      board.tap(c('f1'));
      board.tap(c('f2'));
      match.newGame(DEFAULT_SETUP);
      expect(match.premove.value).toBeUndefined();
      await vi.advanceTimersByTimeAsync(MIN_THINK_MS + 10);
      expect(match.plies.value).toBe(0);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers premoves only against the computer, while it chooses, and when wanted', () => {
    const match = new Match(new FirstMove());
    expect(match.boardConfig.value.premovable).toBeUndefined();
    step(match, 'b1-c2');
    expect(match.boardConfig.value.premovable?.dests.get(c('f1'))?.map(cellName)).toContain('f2');
    const wanted = preferences.value;
    preferences.value = { ...wanted, premove: false };
    expect(match.boardConfig.value.premovable).toBeUndefined();
    preferences.value = wanted;
    match.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    step(match, 'b1-c2');
    expect(match.boardConfig.value.premovable).toBeUndefined();
  });
});
