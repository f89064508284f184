// A game's socket (/api/games/<id>/socket): its hello loads the game and joins it, and every
// later message goes to the game's room, in order.

import { type ClientMessage, NO_SUCH_GAME_CLOSE, parseClientMessage } from '@agon/protocol';
import type { SocketHandler } from '../common/sockets.ts';
import type { Hub } from './hub.ts';
import type { Room } from './room.ts';

/** The handler of one socket of game `id`: its hello joins the game, the rest go to its room. */
export function gameSocket(id: string, hub: Hub): SocketHandler<ClientMessage> {
  let room: Room | undefined;
  return {
    parse: parseClientMessage,
    hello(connection, message) {
      return (async () => {
        let opened: Room | undefined;
        try {
          opened = await hub.open(id);
        } catch (e) {
          // This game alone cannot be read (a corrupt page, say): its clients are told, and
          // every other game goes on.
          hub.problems.report(`game ${id} could not be loaded`, e);
          connection.refuse({ code: 'server-error', message: 'the game could not be loaded' });
          connection.close(1011, 'the game could not be loaded');
          return;
        }
        if (!opened) {
          connection.refuse({ code: 'no-such-game', message: 'there is no game with this link' });
          connection.close(NO_SUCH_GAME_CLOSE, 'no such game');
          return;
        }
        if (await opened.admit(connection, message.token)) room = opened;
      })();
    },
    receive(connection, message) {
      if (!room) {
        connection.refuse({
          code: 'hello-first',
          message: 'say hello before anything else, and wait for the game',
        });
      } else if (message.t === 'sync') {
        room.sync(connection);
      } else {
        room.act(connection, message);
      }
      return undefined;
    },
    leave(connection) {
      room?.leave(connection);
    },
  };
}
