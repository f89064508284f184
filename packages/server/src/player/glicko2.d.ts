// The part of the `glicko2` package (plain JavaScript, no types of its own) that ratings.ts uses.

declare module 'glicko2' {
  /** One rated player inside a Glicko2 system. */
  export interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  /** A system of players and the results of one rating period. */
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    /** Computes every player's new rating from [player, opponent, score] results. */
    updateRatings(matches: readonly (readonly [Player, Player, number])[]): void;
  }
}
