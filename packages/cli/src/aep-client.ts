// An engine program driven over AEP (PROTOCOL.md) for `agon match` and `agon bot`: a process started
// through the shell, its output read line by line, each request waiting with a time limit
// so that a hung or crashed engine loses its game instead of stalling the match.

import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Game, makeApn, makeMoveText, PASS_MOVE, STANDARD_APN } from '@agon/engine';
import { CommandError } from './command.ts';
import { type Contender, ContenderFailure } from './contender.ts';

// Starting may mean npx resolving a package and tsx compiling the engine.
const STARTUP_MS = 30_000;
const READY_MS = 10_000;
// A move may come this late after its movetime (PROTOCOL.md leaves the margin to the client).
const GRACE_MS = 1000;
const QUIT_MS = 2000;
// A won score in the relocation scoring, above any evaluation: a sooner win scores higher.
const WON = 1_000_000;

/** How long one search may run: `go movetime`, and `go depth` when a depth is given. */
export interface SearchLimits {
  readonly movetime: number;
  readonly depth?: number | undefined;
}

/** An engine's answer and how it scores the position for the player who chose it. */
export interface Thought {
  /** The text after `bestmove`. */
  readonly move: string;
  /** From the chooser's view (under R16 the captor's); a found win or loss beyond every evaluation. */
  readonly score: number;
}

/** An engine process speaking AEP. */
export class AepClient implements Contender {
  /** The engine's own name (`id name`) or, until it says, the command. */
  name: string;
  /** Set when R16 is in force and the engine has no CaptorPlacesQueen option. */
  scoresRelocations = false;
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private wake: (() => void) | undefined;
  private ended: string | undefined;
  private stderrTail = '';
  private readonly closed: Promise<void>;

  private constructor(command: string) {
    this.name = command;
    // Its own process group, so that a hung engine can be killed with whatever the shell
    // started under it (npx, node, the engine's threads).
    this.child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const { stdin, stdout, stderr } = this.child;
    createInterface({ input: stdout!, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (l) => {
      this.lines.push(l);
      this.wake?.();
    });
    stderr!.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString()).slice(-400);
    });
    // A write to an engine that has died fails here; its exit is what gets reported.
    stdin!.on('error', () => {});
    this.closed = new Promise((resolve) => {
      this.child.on('error', (e) => {
        this.ended ??= `cannot start: ${e.message}`;
        this.wake?.();
        resolve();
      });
      this.child.on('close', (code, signal) => {
        const last = this.stderrTail.trim().split('\n').at(-1);
        this.ended ??=
          (signal ? `killed by ${signal}` : `exited with status ${code}`) +
          (last ? ` (${last})` : '');
        this.wake?.();
        resolve();
      });
    });
  }

  /**
   * Starts `command`, completes the aep/aepok handshake, sets `level` if given and `options`,
   * under R16 (`captorPlacesQueen`) CaptorPlacesQueen or, when the engine lacks it, the
   * scoring of relocations, and waits for readyok. A failure names the `caller` command.
   */
  static async start(
    command: string,
    level: number | undefined,
    options: readonly (readonly [string, string])[] = [],
    captorPlacesQueen = false,
    caller = 'match',
  ): Promise<AepClient> {
    const client = new AepClient(command);
    try {
      client.send('aep');
      let offersCaptor = false;
      await client.waitFor(
        (line) => {
          if (line.startsWith('id name ')) client.name = line.slice('id name '.length).trim();
          if (/^option name CaptorPlacesQueen type check\b/.test(line)) offersCaptor = true;
          return line === 'aepok';
        },
        STARTUP_MS,
        'aepok',
      );
      if (level !== undefined) client.send(`setoption name Level value ${level}`);
      if (captorPlacesQueen && offersCaptor) {
        client.send('setoption name CaptorPlacesQueen value true');
      }
      client.scoresRelocations = captorPlacesQueen && !offersCaptor;
      for (const [name, value] of options) client.send(`setoption name ${name} value ${value}`);
      client.send('isready');
      let refused: string | undefined;
      await client.waitFor(
        (line) => {
          if (line.startsWith('info string error')) refused ??= line;
          return line === 'readyok';
        },
        READY_MS,
        'readyok',
      );
      if (refused) throw new ContenderFailure(`it refused the options: ${refused}`);
      if (level !== undefined) client.name += ` (level ${level})`;
      if (options.length) client.name += ` (${options.map(([n, v]) => `${n} ${v}`).join(', ')})`;
      return client;
    } catch (e) {
      await client.close();
      throw new CommandError(
        `${caller}: engine "${command}" did not start: ${(e as Error).message}`,
      );
    }
  }

  /** Whether the process is still running and answering. */
  get alive(): boolean {
    return this.ended === undefined;
  }

  /** `newgame` and the game's Seed, then waits for readyok. */
  async newGame(seed: number): Promise<void> {
    this.send('newgame');
    this.send(`setoption name Seed value ${seed}`);
    this.send('isready');
    await this.waitFor((line) => line === 'readyok', READY_MS, 'readyok');
  }

  /**
   * Sends the game so far and `go movetime`, and returns the text after `bestmove`; as captor
   * under R16 without the engine's own option, the relocation it scores best for itself.
   */
  async move(game: Game, movetime: number): Promise<string> {
    return (await this.think(game, { movetime })).move;
  }

  /** As move, within `limits`, with the engine's score for the chooser. */
  async think(game: Game, limits: SearchLimits): Promise<Thought> {
    const captor = game.chooser !== game.position.turnColour;
    if (this.scoresRelocations && captor) return this.bestRelocation(game, limits);
    const thought = await this.search(game, limits);
    // With CaptorPlacesQueen the engine's score stays the side to move's, the owner's.
    return captor ? { move: thought.move, score: -thought.score } : thought;
  }

  // R16 for an engine that knows only R10: the position after each relocation has the captor
  // to move, so the engine's score there is the captor's own, and the relocation with the
  // best score is the captor's choice. The relocations share the captor's movetime equally
  // (at least 1 ms each), so the captor thinks about as long as on any other turn; a
  // relocation that ends the game is scored by its result without asking.
  private async bestRelocation(game: Game, limits: SearchLimits): Promise<Thought> {
    const captor = game.chooser;
    const moves = game.legalMoves();
    const share = { ...limits, movetime: Math.max(1, Math.floor(limits.movetime / moves.length)) };
    let best = '';
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const move of moves) {
      game.play(move);
      const outcome = game.outcome;
      let score: number;
      try {
        if (outcome === undefined) score = (await this.search(game, share)).score;
        else score = outcome.winner === undefined ? 0 : outcome.winner === captor ? WON : -WON;
      } finally {
        game.undo();
      }
      if (score > bestScore) {
        bestScore = score;
        best = makeMoveText(move);
      }
    }
    return { move: best, score: bestScore };
  }

  // The engine's search of the game's position: its bestmove text and its last score for the
  // side to move (0 if it gave none; a found win or loss beyond every evaluation).
  private async search(game: Game, limits: SearchLimits): Promise<Thought> {
    // AEP's move list has no pass (R15): a game with one starts from the position after it.
    const after = game.moves.lastIndexOf(PASS_MOVE) + 1;
    const position = game.initial;
    for (const move of game.moves.slice(0, after)) position.make(move);
    const start = makeApn(position);
    const moves = game.moves.slice(after).map(makeMoveText).join(' ');
    this.send(
      `position ${start === STANDARD_APN ? 'startpos' : `apn ${start}`}${moves ? ` moves ${moves}` : ''}`,
    );
    const depth = limits.depth === undefined ? '' : ` depth ${limits.depth}`;
    this.send(`go movetime ${limits.movetime}${depth}`);
    const limit = limits.movetime + GRACE_MS;
    let score = 0;
    const line = await this.waitFor(
      (l) => {
        const m = /^info .*\bscore (cp|win|loss) (-?\d+)/.exec(l);
        if (m) {
          const n = Number(m[2]);
          score = m[1] === 'cp' ? n : m[1] === 'win' ? WON - n : n - WON;
        }
        return /^bestmove(\s|$)/.test(l);
      },
      limit,
      'bestmove',
    );
    return { move: line.split(/\s+/)[1] ?? '', score };
  }

  /** Sends quit and closes its input; kills it if it has not exited soon after. */
  async close(): Promise<void> {
    if (this.ended === undefined) {
      this.send('quit');
      this.child.stdin!.end();
      const timer = setTimeout(() => this.kill(), QUIT_MS);
      await this.closed;
      clearTimeout(timer);
    }
    // An engine that hung or crashed may have left processes behind in its group.
    this.kill();
    await this.closed;
  }

  private send(line: string): void {
    if (this.ended === undefined) this.child.stdin!.write(`${line}\n`);
  }

  private kill(): void {
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      // The group has already gone.
    }
  }

  // The first line passing `test`, skipping others. An engine that ends or stays silent
  // past `ms` is killed and fails the request.
  private async waitFor(
    test: (line: string) => boolean,
    ms: number,
    what: string,
  ): Promise<string> {
    const deadline = performance.now() + ms;
    for (;;) {
      for (let line = this.lines.shift(); line !== undefined; line = this.lines.shift()) {
        if (test(line)) return line;
      }
      if (this.ended !== undefined)
        throw new ContenderFailure(`${this.ended}, waiting for ${what}`);
      const left = deadline - performance.now();
      if (left <= 0) {
        this.ended = `no ${what} within ${ms} ms`;
        this.kill();
        throw new ContenderFailure(this.ended);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}
