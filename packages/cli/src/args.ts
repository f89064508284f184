// Command-line arguments. Hand-rolled rather than node:util parseArgs so every message names
// the command and the flag in the words of the usage text.

import { FEATURES, type Position, parseApn } from '@agon/engine';
import { CommandError } from './command.ts';

/** The flags a command accepts: `value` flags take an argument, `switch` flags do not. */
type FlagSpec = Readonly<Record<string, 'value' | 'switch'>>;

/** A command's arguments after parsing: flag values, switches and positional words. */
export class Args {
  /** Words that are not flags, in order. */
  readonly positionals: string[] = [];
  private readonly values = new Map<string, string>();
  private readonly switches = new Set<string>();

  /** Splits `argv` by `spec`; `--name value` and `--name=value` are both accepted. */
  constructor(
    readonly command: string,
    argv: readonly string[],
    spec: FlagSpec,
  ) {
    for (let i = 0; i < argv.length; i++) {
      const word = argv[i]!;
      if (!word.startsWith('--')) {
        this.positionals.push(word);
        continue;
      }
      const eq = word.indexOf('=');
      const name = word.slice(2, eq < 0 ? undefined : eq);
      const kind = spec[name];
      if (kind === undefined) {
        throw new CommandError(`${command}: unknown flag --${name} (see agon help ${command})`);
      }
      if (kind === 'switch') {
        if (eq >= 0) throw new CommandError(`${command}: --${name} takes no value`);
        this.switches.add(name);
        continue;
      }
      const value = eq >= 0 ? word.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new CommandError(`${command}: --${name} needs a value`);
      this.values.set(name, value);
    }
  }

  /** The value given to a `value` flag, if any. */
  value(name: string): string | undefined {
    return this.values.get(name);
  }

  /** Whether a flag of either kind was given. */
  has(name: string): boolean {
    return this.switches.has(name) || this.values.has(name);
  }

  /** A `value` flag's whole number from `min` to `max`, or undefined when it is absent. */
  integer(name: string, min: number, max: number): number | undefined {
    const text = this.values.get(name);
    if (text === undefined) return undefined;
    const n = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= min && n <= max)) {
      throw new CommandError(
        `${this.command}: bad --${name} "${text}": give a whole number from ${min} to ${max}`,
      );
    }
    return n;
  }

  /**
   * `--queen-placement`: true for `captor` (R16), false for `owner` (R10), undefined when the
   * flag is absent.
   */
  captorPlacesQueen(): boolean | undefined {
    const placement = this.values.get('queen-placement');
    if (placement === undefined) return undefined;
    if (placement !== 'owner' && placement !== 'captor') {
      throw new CommandError(
        `${this.command}: unknown queen placement "${placement}": it is owner (R10) or captor (R16)`,
      );
    }
    return placement === 'captor';
  }

  /**
   * A `value` flag's evaluation weights: one whole number per feature of `names` (FEATURES
   * unless given), separated by commas, in their order; undefined when the flag is absent.
   */
  weights(name: string, names: readonly string[] = FEATURES): Int32Array | undefined {
    const text = this.values.get(name);
    if (text === undefined) return undefined;
    const parts = text.split(',').map((p) => p.trim());
    if (parts.length !== names.length || parts.some((p) => !/^-?\d{1,6}$/.test(p))) {
      throw new CommandError(
        `${this.command}: bad --${name}: give ${names.length} whole numbers separated by commas, in the order ${names.join(',')}`,
      );
    }
    return Int32Array.from(parts, Number);
  }

  /** Rejects positional words beyond the first `count`, naming the first extra one. */
  expectPositionals(count: number): void {
    const extra = this.positionals[count];
    if (extra !== undefined)
      throw new CommandError(`${this.command}: unexpected argument "${extra}"`);
  }
}

/** The position an `--apn` value describes; a bad APN is a CommandError naming what is wrong. */
export function positionFromApn(command: string, apn: string): Position {
  const pos = parseApn(apn);
  if (!pos.ok) throw new CommandError(`${command}: bad APN: ${pos.error.message}`);
  return pos.value;
}
