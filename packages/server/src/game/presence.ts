// Who is connected to one game: this process's players per seat and watchers, counted (not
// listed), plus the share of the other processes as last read through the relay. Changes are
// gathered for a moment and told in one message to the game's members and one write to the
// relay, so a crowd of watchers arriving costs each member a few messages, not one each.

import type { Colour } from '@agon/engine';
import type { ServerMessage, Presence as Shown } from '@agon/protocol';
import { type Attendance, NOBODY, type RoomRelay } from './relay.ts';

/** The presence of one game's connections, here and on the other processes. */
export class Presence {
  private readonly online = { white: 0, black: 0 };
  private watchersHere = 0;
  private timer: NodeJS.Timeout | undefined;
  private shown: string;
  /** The connections other processes hold to this game, as last read from the relay. */
  private others: Attendance = NOBODY;
  /** This process's connections as the relay was last told them. */
  private told = attendanceText(NOBODY);
  /** The latest read of the others' connections; an older one answering late is dropped. */
  private looking = 0;
  private stopped = false;

  /**
   * The presence of game `id`; a change is gathered for `gatherMs`, then told to the relay and
   * (if what members see changed) handed to `show` as one serialised message.
   */
  constructor(
    private readonly id: string,
    private readonly relay: RoomRelay,
    private readonly gatherMs: number,
    private readonly show: (text: string) => void,
    /** Told what goes wrong showing a change (a bug: reading the others never fails). */
    private readonly failed: (e: unknown) => void,
  ) {
    this.shown = this.text();
  }

  /** A connection here took `seat` (null: watches). */
  join(seat: Colour | null): void {
    if (seat === null) this.watchersHere++;
    else this.online[seat]++;
    this.changed();
  }

  /** A connection here that held `seat` (null: watched) left. */
  leave(seat: Colour | null): void {
    if (seat === null) this.watchersHere--;
    else this.online[seat]--;
    this.changed();
  }

  /** Watchers on every process, as last read. */
  get watchers(): number {
    return this.watchersHere + this.others.watchers;
  }

  /** Whether other processes are known to hold connections to this game. */
  get seesOthers(): boolean {
    return this.others !== NOBODY;
  }

  /** Who is connected, on every process, as members are shown it. */
  view(): Shown {
    const others = this.others;
    return {
      online: {
        white: this.online.white + others.white > 0,
        black: this.online.black + others.black > 0,
      },
      watchers: this.watchers,
    };
  }

  /** Reads the connections other processes hold to this game, and shows any change. */
  lookAround(): void {
    if (this.stopped) return;
    const asked = ++this.looking;
    this.relay
      .elsewhere(this.id)
      .then((found) => {
        // Unreadable (Redis away): what was known stands until it can be read again.
        if (!found || asked !== this.looking || this.stopped) return;
        if (attendanceText(found) === attendanceText(this.others)) return;
        const some = found.white + found.black + found.watchers > 0;
        this.others = some ? found : NOBODY;
        this.changed();
      })
      .catch(this.failed);
  }

  /** Stops the timer and tells the others this process holds no connection to the game. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.tellOthers();
  }

  /** Gathers changes for a moment, then tells them once, only if they changed. */
  private changed(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.tellOthers();
      const text = this.text();
      if (text === this.shown) return;
      this.shown = text;
      this.show(text);
    }, this.gatherMs);
  }

  /** Tells the other processes this one's connections, if they changed since last told. */
  private tellOthers(): void {
    const here: Attendance = this.stopped
      ? NOBODY
      : { white: this.online.white, black: this.online.black, watchers: this.watchersHere };
    const text = attendanceText(here);
    if (text === this.told) return;
    this.told = text;
    this.relay.attend(this.id, here);
  }

  private text(): string {
    return JSON.stringify({ t: 'presence', ...this.view() } satisfies ServerMessage);
  }
}

/** Attendance as one comparable text. */
function attendanceText(a: Attendance): string {
  return `${a.white},${a.black},${a.watchers}`;
}
