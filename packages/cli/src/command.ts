// The contract between `main` and each subcommand, so adding one is a file and a table row.

/** A subcommand of `agon`. */
export interface Command {
  /** The word that selects it: `agon <name>`. */
  readonly name: string;
  /** One line for the command list of `agon help`. */
  readonly summary: string;
  /** The full text of `agon help <name>`. */
  readonly usage: string;
  /** Runs on the arguments after the name; throws CommandError on bad input. */
  run(argv: readonly string[]): Promise<void>;
}

/** Bad input from the user: reported as `agon: <message>`, exit status 2, without a stack. */
export class CommandError extends Error {}
