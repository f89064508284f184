// The refusals that seeks and challenges alike give, worded once for the lobby and its
// challenges: the board out of reach, and a player already in a game.

import type { Refusal } from '@agon/protocol';
import type { LobbyBoard } from './board.ts';
import type { LobbyMember } from './members.ts';

/** The refusal of what needs the board while it cannot be reached. */
export const UNREACHABLE: Refusal = {
  code: 'unavailable',
  message: 'the lobby is reconnecting; try again in a moment',
};

/** Refuses `member` what `player`, busy in a game, cannot do, naming the game if it still runs. */
export async function refuseBusy(
  board: LobbyBoard,
  member: LobbyMember,
  player: string,
): Promise<void> {
  const game = await board.busy(player);
  member.refuse({
    code: 'busy',
    message: game
      ? `you are playing a game (/g/${game}); finish it first`
      : 'you are already in a game',
  });
}
