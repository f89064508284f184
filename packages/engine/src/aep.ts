// The engine side of AEP (PROTOCOL.md), free of IO: lines come in through `handle`, answers
// go out through `send`. The command line and the web app's Worker wrap it in their own IO.

import { parseApn, STANDARD_APN } from './apn.ts';
import { WEIGHTS } from './evaluate.ts';
import { explainIllegal } from './illegal.ts';
import { LEVEL10_MOVETIME, playLevel, seededRandom } from './level.ts';
import { makeMoveText, parseMoveText } from './move.ts';
import type { Position } from './position.ts';
import { MAX_MULTI_PV, Searcher, type SearchInfo, WIN, WIN_BOUND } from './search.ts';

/** What the host gives the protocol: a clock and, for `stop`, a flag it can raise mid-search. */
interface AepHost {
  /** Sends one line to the client. */
  readonly send: (line: string) => void;
  /** Milliseconds on a monotonic clock. */
  readonly now: () => number;
  /** Whether a `stop` has arrived since the current `go` began (polled during the search). */
  readonly stopRequested?: () => boolean;
}

/** The engine's name, as `id name` gives it. */
const ENGINE_NAME = 'Agon 0.1';

const OPTIONS = [
  { name: 'Level', min: 1, max: 10, default: 10 },
  { name: 'Hash', min: 1, max: 1024, default: 16 },
  { name: 'Seed', min: 0, max: 2147483647, default: 0 },
  { name: 'MultiPV', min: 1, max: MAX_MULTI_PV, default: 1 },
  // Search changes measured against the baseline and not adopted (docs/strength.md), kept
  // as options so that a match can measure them again: `agon match --set-a Contempt=60`.
  { name: 'Contempt', min: 0, max: 1000, default: 0 },
  { name: 'ExtendCaptures', min: 0, max: 1, default: 0 },
  { name: 'Prune', min: 0, max: 1, default: 0 },
] as const;

// On/off options, `type check` as PROTOCOL.md writes them: R16, the captor places the queen.
const CHECKS = [{ name: 'CaptorPlacesQueen', default: false }] as const;

/** A score in AEP form: `cp <n>`, `win <turns>` or `loss <turns>`. */
function scoreText(score: number): string {
  if (score >= WIN_BOUND) return `win ${WIN - score}`;
  if (score <= -WIN_BOUND) return `loss ${WIN + score}`;
  return `cp ${score}`;
}

/** One engine session speaking AEP. */
export class AepSession {
  private readonly searcher: Searcher;
  private readonly options = new Map<string, number>(OPTIONS.map((o) => [o.name, o.default]));
  private readonly checks = new Map<string, boolean>(CHECKS.map((o) => [o.name, o.default]));
  private pos: Position;
  private history: [number, number][] = [];

  /**
   * A session with the default options, at the standard start; `weights` replace the
   * evaluation's own, to measure other weights.
   */
  constructor(
    private readonly host: AepHost,
    weights: Int32Array = WEIGHTS,
  ) {
    this.searcher = new Searcher(this.options.get('Hash')!, weights);
    this.pos = start();
  }

  /** Handles one line from the client. Returns false on `quit`. */
  handle(line: string): boolean {
    const tokens = line.trim().split(/\s+/);
    const command = tokens[0] ?? '';
    const args = tokens.slice(1);
    switch (command) {
      case '':
        return true;
      case 'aep':
        this.host.send(`id name ${ENGINE_NAME}`);
        this.host.send('id author The Agon developers');
        for (const o of OPTIONS) {
          this.host.send(
            `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`,
          );
        }
        for (const o of CHECKS)
          this.host.send(`option name ${o.name} type check default ${o.default}`);
        this.host.send('aepok');
        return true;
      case 'isready':
        this.host.send('readyok');
        return true;
      case 'setoption':
        this.setOption(args);
        return true;
      case 'newgame':
        this.searcher.clear();
        this.pos = start();
        this.history = [];
        return true;
      case 'position':
        this.setPosition(args);
        return true;
      case 'go':
        this.go(args);
        return true;
      case 'stop':
        return true; // A search is stopped through `stopRequested`; between searches it is a no-op.
      case 'quit':
        return false;
      default:
        this.host.send('info string unknown command');
        return true;
    }
  }

  private setOption(args: string[]): void {
    const nameAt = args.indexOf('name');
    const valueAt = args.indexOf('value');
    if (nameAt !== 0 || valueAt < 2) {
      this.host.send('info string error setoption needs: setoption name <name> value <value>');
      return;
    }
    const name = args.slice(1, valueAt).join(' ');
    const check = CHECKS.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (check) {
      const text = args.slice(valueAt + 1).join(' ');
      if (text !== 'true' && text !== 'false') {
        this.host.send(`info string error ${check.name} takes true or false, not "${text}"`);
        return;
      }
      this.checks.set(check.name, text === 'true');
      return;
    }
    const option = OPTIONS.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!option) {
      this.host.send(`info string error no option named ${name}`);
      return;
    }
    const text = args.slice(valueAt + 1).join(' ');
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || value < option.min || value > option.max) {
      this.host.send(
        `info string error ${option.name} takes a whole number from ${option.min} to ${option.max}, not "${text}"`,
      );
      return;
    }
    this.options.set(option.name, value);
    if (option.name === 'Hash') this.searcher.resize(value);
  }

  private setPosition(args: string[]): void {
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let pos: Position;
    if (head[0] === 'startpos' && head.length === 1) pos = start();
    else if (head[0] === 'apn') {
      const parsed = parseApn(head.slice(1).join(' '));
      if (!parsed.ok) {
        this.host.send(`info string error bad APN: ${parsed.error.message}`);
        return;
      }
      pos = parsed.value;
    } else {
      this.host.send(
        'info string error position needs startpos or apn <APN>, then optionally moves',
      );
      return;
    }
    const history: [number, number][] = [];
    for (const text of moves) {
      const move = parseMoveText(text);
      if (!move.ok) {
        this.host.send(`info string error ${move.error.message}`);
        return;
      }
      const why = explainIllegal(pos, move.value);
      if (why) {
        this.host.send(`info string error illegal move ${text}: ${why.message}`);
        return;
      }
      history.push([pos.hashLo, pos.hashHi]);
      pos.make(move.value);
    }
    this.pos = pos;
    this.history = history;
  }

  private go(args: string[]): void {
    const number = (key: string): number | undefined => {
      const at = args.indexOf(key);
      if (at < 0) return undefined;
      const v = Number(args[at + 1]);
      return Number.isFinite(v) && v >= 0 ? v : undefined;
    };
    const [lo, hi] = [this.pos.hashLo, this.pos.hashHi];
    if (this.history.filter(([l, h]) => l === lo && h === hi).length >= 2) {
      this.host.send('info string the game is over in this position: threefold repetition');
      this.host.send('bestmove none');
      return;
    }
    const movetime = number('movetime');
    const depth = number('depth');
    const nodes = number('nodes');
    const infinite = args.includes('infinite');
    const level = this.options.get('Level')!;
    const start = this.host.now();
    const limitless = movetime === undefined && depth === undefined && nodes === undefined;
    const time = movetime ?? (limitless && !infinite ? LEVEL10_MOVETIME : undefined);
    // Leave a few milliseconds for the answer itself to arrive in time.
    const deadline = time === undefined ? undefined : start + Math.max(1, time - 15);
    const stop = this.host.stopRequested;
    const random = seededRandom(this.options.get('Seed')! ^ this.pos.hashLo);
    const multiPV = this.options.get('MultiPV')!;
    // With MultiPV above 1, one line per root move found, numbered from 1 for the best.
    const report = (info: SearchInfo): void => {
      const ms = Math.max(1, Math.round(this.host.now() - start));
      const nps = Math.round((info.nodes * 1000) / ms);
      info.lines.forEach((line, i) => {
        const number = multiPV > 1 ? ` multipv ${i + 1}` : '';
        this.host.send(
          `info depth ${info.depth}${number} score ${scoreText(line.score)} nodes ${info.nodes} nps ${nps} time ${ms} pv ${line.pv.map(makeMoveText).join(' ')}`,
        );
      });
    };
    const result = playLevel(
      this.searcher,
      this.pos,
      this.history,
      level,
      random,
      {
        depth,
        nodes,
        deadline,
        now: this.host.now,
        stop,
        multiPV,
        contempt: this.options.get('Contempt')!,
        extendCaptures: this.options.get('ExtendCaptures') === 1,
        prune: this.options.get('Prune') === 1,
        captorPlacesQueen: this.checks.get('CaptorPlacesQueen')!,
      },
      report,
    );
    if (!result) {
      this.host.send('info string the game is over in this position');
      this.host.send('bestmove none');
      return;
    }
    this.host.send(`bestmove ${makeMoveText(result.move)}`);
  }
}

function start(): Position {
  const parsed = parseApn(STANDARD_APN);
  if (!parsed.ok) throw new Error(parsed.error.message); // the constant is valid
  return parsed.value;
}
