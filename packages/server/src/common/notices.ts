// The one way the server reaches a player who is away: a notice (protocol's notice.ts) handed
// to a notifier. Telling never waits and never fails the caller: a notice that cannot be sent
// is the notifier's problem to log, and a game goes on whether or not it arrives. Notices that
// others can cause at will are paced per player, and repeats dropped (`paced`).

import type { Notice, NoticeKind } from '@agon/protocol';
import type { Problems } from './problems.ts';
import type { Allowance, Rate } from './rate-limit.ts';

/** Sends notices to players, by their ids. */
export interface Notifier {
  /** Sends `notice` to every device of `player` that asked for its kind. */
  notify(player: string, notice: Notice): void;
}

/** The notifier of a server that sends none (tests of the games alone). */
export const SILENT: Notifier = { notify: () => undefined };

/**
 * The kinds of notice whose timing others choose (anyone may challenge anyone), with how many a
 * player may be sent: past that, a device is not buzzed again until the window ends (the
 * challenges still wait in the lobby and on every page).
 */
const PACES: Partial<Record<NoticeKind, Rate>> = {
  challenge: { count: 4, windowMs: 10 * 60_000 },
};

/**
 * How long the same notice again is not sent: a challenge taken back and made again, or
 * replaced, on the same terms by the same player tells nothing new.
 */
const REPEAT: Rate = { count: 1, windowMs: 10 * 60_000 };

/** What makes a notice the same as one before it, for the kinds that are paced. */
function sameness(notice: Notice): string {
  return notice.kind === 'challenge'
    ? `${notice.from}:${JSON.stringify(notice.pace)}`
    : JSON.stringify(notice);
}

/**
 * `notifier`, with the kinds others can send at will paced per player (PACES) and repeats
 * dropped, counted on every process together (`relay`), so that no crowd of identities can
 * buzz a device at will.
 */
export function paced(
  notifier: Notifier,
  relay: Allowance,
  now: () => number,
  problems: Problems,
): Notifier {
  const allowed = async (player: string, notice: Notice, rate: Rate): Promise<boolean> =>
    (await relay.allow(`notice-same:${player}:${sameness(notice)}`, REPEAT, now())) <= 0 &&
    (await relay.allow(`notice:${notice.kind}:${player}`, rate, now())) <= 0;
  return {
    notify(player, notice) {
      const rate = PACES[notice.kind];
      if (!rate) return notifier.notify(player, notice);
      allowed(player, notice, rate).then(
        (yes) => {
          if (yes) notifier.notify(player, notice);
        },
        (e: unknown) => problems.report('notices', e),
      );
    },
  };
}
