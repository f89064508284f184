// The routes of a player's own pages of a game (docs/notebook.md), each for the player whose
// token the request carries (Authorization: Bearer) and only in a game they play:
// GET/PATCH /api/games/<id>/notes, their notebook (notes on the game and its moves, the analysis
// board as they left it), and GET/PUT /api/games/<id>/conditional, their conditional moves in
// a game of days. Nothing here answers anyone but that player: not the opponent, not a
// spectator, not the Bot API. Reads and writes are limited per player, on every process.

import { type Colour, makeMoveText } from '@agon/engine';
import {
  type ConditionalLines,
  GAME_ID,
  MAX_CONDITIONAL_BYTES,
  MAX_NOTEBOOK_BYTES,
  parseConditionalLines,
  parseNotebookChange,
} from '@agon/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { type Allowance, limiter, type Rate } from '../common/rate-limit.ts';
import { type ConditionalStore, checkLines, followLines } from '../game/conditionals.ts';
import type { GameStore } from '../game/store.ts';
import { outcomeOf, restoreTable, type Table } from '../game/table.ts';
import { bearer } from '../player/auth.ts';
import type { Player, PlayerStore } from '../player/players.ts';
import type { NotebookStore } from './store.ts';

/** What the notebook routes work with. */
export interface NotebookRoutes {
  readonly players: PlayerStore;
  readonly games: GameStore;
  readonly notebooks: NotebookStore & ConditionalStore;
  /** Counts requests on every process together, for the limits. */
  readonly relay: Allowance;
  readonly now: () => number;
}

/** Reads of one player's pages a minute: a page opened now and then, not a crawl. */
const READS: Rate = { count: 120, windowMs: 60_000 };
/** Saves of one player's pages a minute: the pages save a few seconds after typing stops. */
const WRITES: Rate = { count: 30, windowMs: 60_000 };

/** A player's game, with the seat they hold in it. */
interface Seated {
  readonly player: Player;
  readonly table: Table;
  readonly seat: Colour;
}

/** Adds the notebook routes to `app`. */
export function registerNotebooks(app: FastifyInstance, routes: NotebookRoutes): void {
  const { players, games, notebooks, relay, now } = routes;
  const me = bearer(players);
  const allow = limiter(relay, now);

  /**
   * The game `request` names and the caller's seat in it, within `rate`; else the refusal is
   * sent (401 unknown token, 404 no such game, 403 a game the caller does not play, 429).
   */
  async function seated(
    request: FastifyRequest,
    reply: FastifyReply,
    rate: Rate,
  ): Promise<Seated | undefined> {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return undefined;
    const key = `notebook:${rate === READS ? 'read' : 'write'}:${player.id}`;
    if (!(await allow(reply, key, rate, 'too many requests for your notes; wait a minute'))) {
      return undefined;
    }
    const id = (request.params as { id: string }).id;
    const stored = GAME_ID.test(id) ? await games.load(id) : undefined;
    if (!stored) {
      reply.status(404).send(refusal('no-such-game', 'no game has this id'));
      return undefined;
    }
    const ids = stored.setup.players;
    const seat = ids?.white === player.id ? 'white' : ids?.black === player.id ? 'black' : null;
    if (!seat) {
      reply.status(403).send(refusal('not-your-game', "notes are kept only by the game's players"));
      return undefined;
    }
    return { player, table: restoreTable(stored, now()), seat };
  }

  /** The lines of `player` the game is still on, as the game stands. */
  async function liveLines(table: Table, player: string): Promise<ConditionalLines> {
    const moves = table.game.moves.length;
    // A game over plays nothing more: its lines are as good as gone.
    if (outcomeOf(table)) return { from: moves, lines: [] };
    const lines = await notebooks.conditionalLines(table.id, player);
    const kept = lines && followLines(lines, table.game.moves.map(makeMoveText)).kept;
    return kept ?? { from: moves, lines: [] };
  }

  app.get('/games/:id/notes', async (request, reply) => {
    const at = await seated(request, reply, READS);
    return at && notebooks.notebook(at.table.id, at.player.id);
  });

  app.patch('/games/:id/notes', { bodyLimit: MAX_NOTEBOOK_BYTES }, async (request, reply) => {
    const parsed = parseNotebookChange(request.body);
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const at = await seated(request, reply, WRITES);
    if (!at) return;
    const kept = await notebooks.notebook(at.table.id, at.player.id);
    const notebook = { ...kept, ...parsed.value };
    await notebooks.saveNotebook(at.table.id, at.player.id, notebook, now());
    return notebook;
  });

  app.get('/games/:id/conditional', async (request, reply) => {
    const at = await seated(request, reply, READS);
    return at && liveLines(at.table, at.player.id);
  });

  app.put(
    '/games/:id/conditional',
    { bodyLimit: MAX_CONDITIONAL_BYTES },
    async (request, reply) => {
      const parsed = parseConditionalLines(request.body);
      if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
      const at = await seated(request, reply, WRITES);
      if (!at) return;
      if (!at.table.setup.days) {
        return reply
          .status(400)
          .send(refusal('bad-lines', 'conditional moves are for games of days only'));
      }
      // A resignation, an agreed draw or a flag ends the game beside the rules' own ends.
      if (outcomeOf(at.table)) {
        return reply.status(400).send(refusal('bad-lines', 'the game is over'));
      }
      const checked = checkLines(at.table.game, at.seat, parsed.value);
      if (!checked.ok) {
        return reply
          .status(checked.error.code === 'stale' ? 409 : 400)
          .send({ error: checked.error });
      }
      await notebooks.saveConditionalLines(at.table.id, at.player.id, checked.value);
      return checked.value;
    },
  );
}
