// A game at one terminal, between two people or against the computer. It answers one line
// of input at a time with text, so a session typed at the keyboard and one piped in from a
// script behave the same.

import { writeFileSync } from 'node:fs';
import {
  CELL_COUNT,
  type Colour,
  cellName,
  type Game,
  type Move,
  makeAgn,
  makeMoveText,
  type Outcome,
  outcomeSide,
  PASS_MOVE,
  type Position,
  parseCell,
  parseMoveText,
  type Result,
} from '@agon/engine';
import type { Computer } from './computer.ts';
import { drawBoard } from './diagram.ts';
import { readRecord } from './record.ts';

const HELP = `Type a move, or a command:
  f1-f2          step the piece on f1 to f2 (R7)
  e5@a3          relocate your captured piece on e5 to a3 (R10)
  @c4            place a guard from hand on c4 (placement variant, R14)
  pass           forfeit the turn when the touched piece cannot move (touch-move, R15)
  moves          list the legal turns
  hint           ask the engine for a move
  board          draw the board again
  touch <cell>   select the piece you must then move (touch-move games only)
  undo           take back the last turn, or a resignation or draw; against the
                 computer, your last turn and its reply
  save <file>    write the game to a file as AGN
  load <file>    replay a game from an AGN file; a bad file leaves this game as it is
  resign         the player to move resigns
  draw           end the game as a draw, agreed by both players (not the computer)
  help           this list
  quit           leave (save first: nothing is kept)
Board: Q G White queen and guards, q g Black's, * after a captured piece, + the vacant
throne (f6), . a vacant cell.`;

const name = (colour: Colour): string => (colour === 'white' ? 'White' : 'Black');

// The result and its reason in words, citing the rule that ended the game.
function describeOutcome(outcome: Outcome, pos: Position): string {
  const winner = outcome.winner;
  const side = outcomeSide(outcome, pos);
  switch (outcome.reason) {
    case 'throne-ring':
      return `${name(winner!)} wins: ${name(side!)}'s guards complete the throne ring with their queen ${side === winner ? 'on' : 'off'} the throne (R11)`;
    case 'no-moves':
      return `${name(winner!)} wins: ${name(side!)} has no legal move (R12)`;
    case 'repetition':
      return 'Draw: the same position has occurred for the third time (R13)';
    case 'resignation':
      return `${name(winner!)} wins: ${name(side!)} resigns`;
    case 'agreement':
      return 'Draw by agreement';
  }
}

/** Who plays against whom: two people, or a person against the computer. */
export interface Opponents {
  /** Moves for the computer's side, and hints for everyone. */
  readonly engine: Computer;
  /** The side the computer plays, or undefined when two people play. */
  readonly computer: Colour | undefined;
}

/** One game at the terminal and the commands its players type. */
export class Session {
  /** Plays `game`, saving it with `tags`; every answer goes to `say`, a line or more a call. */
  constructor(
    private game: Game,
    private tags: ReadonlyMap<string, string>,
    private readonly say: (text: string) => void,
    private readonly opponents: Opponents,
  ) {}

  /** The prompt for the next line: whose turn it is (R16: who chooses it), or that the game is over. */
  get prompt(): string {
    const chooser = this.game.chooser;
    if (chooser === undefined) return 'game over> ';
    const mover = this.game.position.turnColour;
    return chooser === mover
      ? `${name(mover)} to move> `
      : `${name(chooser)} places ${name(mover)}'s queen> `;
  }

  /** Greets the players with the board; the computer moves first if it has White. */
  start(): void {
    this.say('Agon. Type a move like f1-f2, or help for the commands.');
    const { computer, engine } = this.opponents;
    if (computer) this.say(`The computer (level ${engine.level}) plays ${name(computer)}.`);
    this.reply();
    this.show();
  }

  /** Acts on one line of input; false when the players quit. */
  handle(line: string): boolean {
    const text = line.trim();
    const word = text.split(/\s/, 1)[0]!.toLowerCase();
    const rest = text.slice(word.length).trim();
    switch (word) {
      case '':
        break;
      case 'quit':
      case 'exit':
        return false;
      case 'help':
        this.say(HELP);
        break;
      case 'board':
        this.show();
        break;
      case 'moves':
        this.listMoves();
        break;
      case 'hint':
        this.hint();
        break;
      case 'touch':
        this.touch(rest);
        break;
      case 'undo':
        this.undo();
        break;
      case 'save':
        this.save(rest);
        break;
      case 'load':
        this.load(rest);
        break;
      case 'resign':
        this.end(() => this.game.resign(this.game.position.turnColour));
        break;
      case 'draw':
        if (this.opponents.computer) this.say('The computer plays on: it does not agree draws.');
        else this.end(() => this.game.agreeDraw());
        break;
      default:
        this.play(text);
    }
    return true;
  }

  private show(): void {
    const pos = this.game.position;
    this.say(drawBoard(pos));
    if (pos.hand[0] || pos.hand[1]) {
      this.say(`Guards in hand: White ${pos.hand[0]}, Black ${pos.hand[1]}.`);
    }
    if (this.game.outcome) this.announce();
    else if (this.game.chooser !== pos.turnColour) {
      this.say(
        `${name(this.game.chooser!)} captured ${name(pos.turnColour)}'s queen and chooses her cell (R16): type <from>@<to>, or moves.`,
      );
    } else if (pos.capturedCount[pos.turn]) {
      this.say(
        `${name(pos.turnColour)} must relocate a captured piece (R10): type <from>@<to>, or moves.`,
      );
    }
  }

  private end(act: () => void): void {
    if (this.game.outcome) {
      this.say('The game is already over.');
      return;
    }
    act();
    this.announce();
  }

  private announce(): void {
    const outcome = this.game.outcome!;
    this.say(
      `Game over, ${this.game.resultText}. ${describeOutcome(outcome, this.game.position)}. You can undo, save or quit.`,
    );
  }

  private play(text: string): void {
    if (this.game.outcome) {
      this.say('The game is over. You can undo, save or quit.');
      return;
    }
    const move = parseMoveText(text);
    if (!move.ok) {
      this.say(`${move.error.message}. Type help for the commands.`);
      return;
    }
    const played = this.playTurn(move.value);
    if (!played.ok) {
      this.say(`Illegal: ${played.error.message}.`);
      return;
    }
    this.reply();
    this.show();
  }

  // Plays a turn and says who played it and what it captured.
  private playTurn(move: Move): Result<unknown> {
    const pos = this.game.position;
    const mover = this.game.chooser!;
    const before = capturedCells(pos);
    const played = this.game.play(move);
    if (!played.ok) return played;
    const taken = capturedCells(pos).filter((cell) => !before.includes(cell));
    const captures = taken.map((cell) => {
      const piece = pos.pieceAt(cell)!;
      return `${name(piece.colour)}'s ${piece.role} on ${cellName(cell)}`;
    });
    const who = mover === this.opponents.computer ? `${name(mover)} (computer)` : name(mover);
    this.say(
      `${who} plays ${makeMoveText(move)}${captures.length ? `, capturing ${captures.join(' and ')}` : ''}.`,
    );
    return played;
  }

  // The computer's turns, while it chooses them: under R16 it may choose the cell of the
  // player's captured queen and then play its own turn.
  private reply(): void {
    const { computer, engine } = this.opponents;
    while (computer !== undefined && this.game.chooser === computer) {
      const move = engine.move(this.game);
      // The search finds a turn whenever the game goes on; resigning keeps the game consistent if not.
      if (move === undefined || !this.playTurn(move).ok) this.game.resign(computer);
    }
  }

  private hint(): void {
    if (this.game.outcome) {
      this.say('The game is over. You can undo, save or quit.');
      return;
    }
    const move = this.opponents.engine.hint(this.game);
    if (move === undefined) this.say('The engine has no suggestion.');
    else if (!this.game.legalMoves().includes(move)) {
      this.say(
        `The engine would play ${makeMoveText(move)}, but touch-move binds you to ${cellName(this.game.touched)}.`,
      );
    } else this.say(`Hint: ${makeMoveText(move)}.`);
  }

  private listMoves(): void {
    const moves = this.game.legalMoves().map(makeMoveText).sort();
    this.say(
      moves.length
        ? `${moves.length} legal: ${moves.join(' ')}`
        : 'No legal turns: the game is over.',
    );
  }

  private touch(cellText: string): void {
    const cell = parseCell(cellText);
    if (cell < 0) {
      this.say(`"${cellText}" is not a cell; write touch f1.`);
      return;
    }
    const touched = this.game.touch(cell);
    if (!touched.ok) {
      this.say(`Cannot touch: ${touched.error.message}.`);
      return;
    }
    const moves = this.game.legalMoves();
    this.say(
      moves[0] === PASS_MOVE
        ? `${cellName(cell)} is touched and has no legal step: type pass to forfeit the turn (R15).`
        : `${cellName(cell)} is touched and must move (R15): ${moves.map(makeMoveText).sort().join(' ')}`,
    );
  }

  private undo(): void {
    const reason = this.game.outcome?.reason;
    if (reason === 'resignation' || reason === 'agreement') {
      this.game.undo();
      this.say(reason === 'resignation' ? 'Resignation taken back.' : 'Draw taken back.');
      this.show();
      return;
    }
    // Against the computer, back to a turn the player chooses: the computer's replies and the
    // player's turn before them, or only the player's turn if it ended the game.
    const choosers = this.game.choosers();
    const { computer } = this.opponents;
    let steps = 1;
    while (computer !== undefined && choosers[choosers.length - steps] === computer) steps++;
    if (steps > choosers.length) {
      this.say('Nothing to undo.');
      return;
    }
    for (let i = 0; i < steps; i++) this.game.undo();
    this.say(
      steps > 1 ? "Took back your last turn and the computer's reply." : 'Took back the last turn.',
    );
    this.show();
  }

  private save(file: string): void {
    if (!file) {
      this.say('Save where? Write save game.agn.');
      return;
    }
    try {
      writeFileSync(file, makeAgn(this.game, this.tags));
      this.say(`Saved to ${file}.`);
    } catch (e) {
      this.say(`Cannot save to ${file}: ${(e as Error).message}.`);
    }
  }

  private load(file: string): void {
    if (!file) {
      this.say('Load what? Write load game.agn.');
      return;
    }
    const record = readRecord(file);
    if (!record.ok) {
      this.say(`The current game goes on: ${record.error.message}.`);
      return;
    }
    this.game = record.value.game;
    this.tags = record.value.tags;
    this.say(`Loaded ${file}: ${this.game.moves.length} turns.`);
    this.reply();
    this.show();
  }
}

function capturedCells(pos: Position): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < CELL_COUNT; cell++) if (pos.pieceAt(cell)?.captured) cells.push(cell);
  return cells;
}
