// The lobby's socket (/api/lobby/socket): hello with the player's token, then the lobby's
// requests, each handed to the lobby in order of arrival. Other pages open it to watch (the
// player's own challenges only).

import { type LobbyClientMessage, parseLobbyMessage } from '@agon/protocol';
import type { SocketHandler } from '../common/sockets.ts';
import type { Lobby } from './lobby.ts';

/** The handler of a lobby socket. */
export function lobbySocket(lobby: Lobby): SocketHandler<LobbyClientMessage> {
  return {
    parse: parseLobbyMessage,
    hello: (connection, message) => lobby.hello(connection, message.token, message.watch === true),
    receive: (connection, message) => lobby.act(connection, message),
    leave: (connection) => lobby.leave(connection),
  };
}
