// What a game of days needs of its players' vacation (docs/lobby.md, "Vacation"): kept by the
// players' domain (player/vacation.ts), asked for here by id, so the rooms know no more of it.

/** A vacation under way: from when, until when (ms since 1970). */
export interface Away {
  readonly from: number;
  readonly until: number;
}

/** The players' vacation as a game sees it. */
export interface Vacations {
  /**
   * The vacation that keeps `player`'s deadline, passed at `deadline`, from falling at `now`
   * (begun now from what they have left if none is under way), or undefined: they lose on time.
   */
  cover(player: string, deadline: number, now: number): Promise<Away | undefined>;
  /** `player` moved at `at`: a vacation of theirs under way ends. */
  back(player: string, at: number): Promise<void>;
  /** When each of `players` who is on vacation at `now` comes back, by id. */
  awayUntil(players: readonly string[], now: number): Promise<Readonly<Record<string, number>>>;
}

/** No vacation: every deadline falls (a server without players). */
export const NO_VACATIONS: Vacations = {
  cover: async () => undefined,
  back: async () => undefined,
  awayUntil: async () => ({}),
};
