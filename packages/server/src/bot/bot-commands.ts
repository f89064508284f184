// A bot's commands in its own game (docs/bot-api.md, "The API"): move, abort, resign, answer a
// draw, say a quick message, and the game's stream. Each is judged by the referee as anyone's
// is, run in the game's room for the seat the bot's token holds (Room.perform), so an HTTP
// command and a page's socket are one player to the game.

import type { Colour } from '@agon/engine';
import { GAME_ID, MAX_MOVE_TEXT, parseBotChat } from '@agon/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import type { Problems } from '../common/problems.ts';
import type { Hub } from '../game/hub.ts';
import type { Room } from '../game/room.ts';
import { outcomeOf } from '../game/table.ts';
import type { Player } from '../player/players.ts';
import { GameStream } from './game-stream.ts';
import type { Streams } from './ndjson.ts';
import { sendRefusal } from './refusal-status.ts';

/** A bot's identity as the routes proved it, or undefined once a refusal was sent. */
export type BotCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ readonly player: Player; readonly token: string } | undefined>;

/** What the game commands work with. */
export interface BotCommandsContext {
  readonly hub: Hub;
  readonly problems: Problems;
  readonly now: () => number;
  /** Proves a bot and counts its command against its rate (routes.ts). */
  readonly command: BotCheck;
  /** Proves a bot and counts a stream it opens (routes.ts). */
  readonly streaming: BotCheck;
  readonly streams: Streams;
}

/** The room and seat of the bot's game `id`, or undefined once a refusal was sent. */
async function seatIn(
  hub: Hub,
  player: Player,
  id: string,
  reply: FastifyReply,
): Promise<{ room: Room; seat: Colour } | undefined> {
  const room = GAME_ID.test(id) ? await hub.open(id) : undefined;
  if (!room) {
    reply.status(404).send(refusal('no-such-game', 'there is no game with this id'));
    return undefined;
  }
  const ids = room.table.setup.players;
  const seat = ids?.white === player.id ? 'white' : ids?.black === player.id ? 'black' : null;
  if (!seat) {
    reply.status(403).send(refusal('not-your-game', 'you do not play in this game'));
    return undefined;
  }
  return { room, seat };
}

type Params = { readonly id: string };
/** What a command asks of the room, for the bot's seat in it. */
type Action = ReturnType<Parameters<Room['perform']>[1]>;

/** Adds a bot's game commands and the game stream to `app`. */
export function registerBotCommands(app: FastifyInstance, context: BotCommandsContext): void {
  const { hub, command } = context;

  /**
   * Runs the action `make` gives for the bot's seat in game `id` (undefined: nothing to run,
   * the refusal sent) and answers `{ok: true}`, or the referee's refusal; a refused `move` is
   * named in it (the referee's reasons name the cell or the rule).
   */
  const act = async (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    make: (seat: Colour, room: Room) => ((t: Room['table']) => Action) | undefined,
    move?: string,
  ) => {
    reply.header('cache-control', 'no-store');
    const bot = await command(request, reply);
    if (!bot) return reply;
    const at = await seatIn(hub, bot.player, request.params.id, reply);
    if (!at) return reply;
    const action = make(at.seat, at.room);
    if (!action) return reply;
    const refused = await at.room.perform(at.seat, action);
    if (!refused) return { ok: true };
    const named =
      move !== undefined && refused.code === 'illegal-move' && !refused.message.includes(move)
        ? { ...refused, message: `${move}: ${refused.message}` }
        : refused;
    return sendRefusal(reply, named);
  };

  app.post<{ Params: Params & { readonly move: string } }>(
    '/bot/game/:id/move/:move',
    async (request, reply) => {
      const { move } = request.params;
      if (move.length > MAX_MOVE_TEXT) {
        const why = `"${move.slice(0, 20)}" is no move: a move is at most ${MAX_MOVE_TEXT} characters (NOTATION.md)`;
        return reply.status(400).send(refusal('illegal-move', why));
      }
      const make = (seat: Colour) => (t: Room['table']) =>
        ({ t: 'move', seat, move, version: t.version }) as const;
      return act(request, reply, make, move);
    },
  );

  app.post<{ Params: Params }>('/bot/game/:id/abort', (request, reply) =>
    act(request, reply, (seat, room) => {
      const t = room.table;
      if (t.game.moves.length >= 2 && !outcomeOf(t)) {
        reply.status(409).send(refusal('no-abort', 'both sides have moved: resign instead'));
        return undefined;
      }
      // Before both sides have moved, the referee calls a resignation an abort.
      return () => ({ t: 'resign', seat });
    }),
  );

  app.post<{ Params: Params }>('/bot/game/:id/resign', (request, reply) =>
    act(request, reply, (seat) => () => ({ t: 'resign', seat })),
  );

  app.post<{ Params: Params & { readonly answer: string } }>(
    '/bot/game/:id/draw/:answer',
    (request, reply) => {
      const { answer } = request.params;
      if (answer !== 'yes' && answer !== 'no') {
        return reply.status(400).send(refusal('bad-message', 'a draw is answered yes or no'));
      }
      // Yes offers a draw, or agrees to the opponent's offer; no declines it.
      const action = answer === 'yes' ? 'offer' : 'decline';
      return act(request, reply, (seat) => () => ({ t: 'draw', seat, action }));
    },
  );

  app.post<{ Params: Params }>('/bot/game/:id/chat', (request, reply) => {
    const said = parseBotChat(request.body);
    if (!said.ok) return reply.status(400).send({ error: said.error });
    return act(request, reply, (seat) => () => ({ t: 'say', seat, message: said.value }));
  });

  app.get<{ Params: Params }>('/bot/game/stream/:id', async (request, reply) => {
    const bot = await context.streaming(request, reply);
    if (!bot) return reply;
    const at = await seatIn(hub, bot.player, request.params.id, reply);
    if (!at) return reply;
    const stream = context.streams.start(bot.player.id, reply);
    if (!stream) return reply;
    new GameStream(stream, at.room, at.seat, bot.token, context).start();
    return reply;
  });
}
