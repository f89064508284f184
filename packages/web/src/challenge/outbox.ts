// A challenge addressed to a player from a page other than the lobby (a player's page, a game's
// end): kept here until the lobby next opens and sends it, so that the challenger waits there
// for the answer as they would for their open challenge.

import type { ChallengeTerms } from '@agon/protocol';

/** A challenge addressed to a player, made on another page, to send once the lobby is open. */
export interface Addressed {
  readonly to: string;
  readonly terms: ChallengeTerms;
}

/** The addressed challenge the next lobby opened sends, if any. */
let outbox: Addressed | undefined;

/**
 * Sends `challenge` when the lobby next opens: the challenger then waits there for the answer,
 * as they would for their open challenge.
 */
export function challengeFromLobby(challenge: Addressed): void {
  outbox = challenge;
}

/** The addressed challenge to send, taken: the lobby that opens sends it, and no other. */
export function takeAddressed(): Addressed | undefined {
  const taken = outbox;
  outbox = undefined;
  return taken;
}
