// The challenges addressed to this browser's player, heard on every page: a watching lobby
// socket (docs/lobby.md, "Challenging a player") that the server sends the player's own
// challenges as they change, within a second. It neither counts the player as in the lobby nor
// takes their seek or challenge when it closes, so any page may keep one open. Fetched only for
// a browser that has a player: someone who never went online opens no socket.

import type { Identity, LobbyClientMessage, LobbyServerMessage } from '@agon/protocol';
import { signal } from '@preact/signals';
import { incoming } from '../lib/your-turn.ts';
import { gamePath } from '../online/address.ts';
import { Connection, tagged } from '../online/connection.ts';
import { lobbyRefusalText } from '../online/lobby-text.ts';
import { keepSeatToken } from '../online/seats.ts';
import { words } from '../online/strings.ts';

/** Why the last answer from this page could not be given, in words. */
export const answerRefused = signal<string | undefined>(undefined);

let line: Connection<LobbyServerMessage, LobbyClientMessage> | undefined;
/** Where the game this page accepted opens, once the server made it. */
let accepted: ((path: string) => void) | undefined;

/** Opens the watching socket for `me` (once a page load). */
export function watchChallenges(me: Identity): void {
  line ??= new Connection<LobbyServerMessage, LobbyClientMessage>(
    {
      path: '/api/lobby/socket',
      hello: () => ({ t: 'hello', token: me.token, watch: true }),
      parse: tagged,
    },
    {
      message: (m) => {
        if (m.t === 'direct') {
          incoming.value = m.challenges.filter((c) => c.to?.id === me.id);
        } else if (m.t === 'paired' && accepted) {
          // A lobby game's seat is the player's: their identity's token opens it.
          keepSeatToken(m.game, me.token);
          accepted(gamePath(m.game));
          accepted = undefined;
        } else if (m.t === 'error') {
          accepted = undefined;
          // A lost identity is the lobby's and the settings' to say; this page only stops.
          if (m.code === 'unknown-player') line?.stop();
          else answerRefused.value = lobbyRefusalText(m);
        }
      },
      state: () => undefined,
    },
  );
}

/** Sends `message`; a line that is down says so. */
function send(message: LobbyClientMessage): boolean {
  answerRefused.value = undefined;
  const sent = line?.send(message) === true;
  if (!sent) answerRefused.value = words.reconnecting;
  return sent;
}

/** Accepts challenge `id`; `go` opens the game the server makes. */
export function acceptChallenge(id: string, go: (path: string) => void): void {
  if (send({ t: 'accept', id })) accepted = go;
}

/** Declines challenge `id`, without a reason (the lobby asks for one). */
export function declineChallenge(id: string): void {
  send({ t: 'decline', id, reason: 'generic' });
}
