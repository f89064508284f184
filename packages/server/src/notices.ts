// The one way the server reaches a player who is away: a notice (protocol's notice.ts) handed
// to a notifier. Telling never waits and never fails the caller: a notice that cannot be sent
// is the notifier's problem to log, and a game goes on whether or not it arrives.

import type { Notice } from '@agon/protocol';

/** Sends notices to players, by their ids. */
export interface Notifier {
  /** Sends `notice` to every device of `player` that asked for its kind. */
  notify(player: string, notice: Notice): void;
}

/** The notifier of a server that sends none (tests of the games alone). */
export const SILENT: Notifier = { notify: () => undefined };
