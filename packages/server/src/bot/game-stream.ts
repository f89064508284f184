// GET /api/bot/game/stream/{id} for a bot seated in the game (docs/bot-api.md, "The API"): the
// whole game first (gameFull), then its state after every move or change (gameState), the
// players' quick messages (chatLine) and the opponent's coming and going (opponentGone), as
// lichess's game stream tells them. It sits in the game's room as a member holding the bot's
// seat by its token, as a house bot does (bot-player.ts), so the hub's relay brings it the moves
// made on any process; it ends once the game has.

import { type Colour, opposite } from '@agon/engine';
import type { BotGameLine, BotGameState, ServerMessage } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import type { Member } from '../common/sockets.ts';
import type { Hub } from '../game/hub.ts';
import type { Room } from '../game/room.ts';
import { outcomeOf } from '../game/table.ts';
import { botGameFull, botGameState } from './bot-view.ts';
import type { NdjsonStream } from './ndjson.ts';

/** How long a game that left memory waits before a stream sits in it again. */
export const REJOIN_MS = 500;

/** What a game stream works with. */
export interface GameStreamContext {
  readonly hub: Hub;
  readonly problems: Problems;
  readonly now: () => number;
}

/** One bot's stream of one game. */
export class GameStream implements Member {
  /** The state last said, but for its clocks: a state is said when something else changed. */
  private said: string | undefined;
  /** Whether the opponent was last said to be gone. */
  private gone = false;
  private seated = false;

  constructor(
    private readonly stream: NdjsonStream,
    private room: Room,
    private readonly seat: Colour,
    private readonly token: string,
    private readonly context: GameStreamContext,
  ) {
    stream.onEnd(() => this.room.leave(this));
  }

  get open(): boolean {
    return this.stream.open;
  }

  /** Takes the bot's seat: the room answers with the whole game. */
  start(): void {
    this.room
      .admit(this, this.token)
      .then((admitted) => {
        if (!admitted) this.stream.end();
        else this.seated = true;
      })
      .catch((e: unknown) => {
        this.context.problems.report(`game stream of ${this.room.id}`, e);
        this.stream.end();
      });
  }

  send(message: ServerMessage | string): void {
    if (!this.open) return;
    const m = (typeof message === 'string' ? JSON.parse(message) : message) as ServerMessage;
    const t = this.room.table;
    if (m.t === 'state' && this.said === undefined) {
      const full = botGameFull(this.room, this.context.now());
      this.said = stateKey(full.state);
      this.gone = !m.game.online[opposite(this.seat)];
      this.stream.line(full);
    } else if (m.t === 'event' && m.event.kind === 'say') {
      const name = this.room.seated[m.event.seat]?.name ?? m.event.seat;
      this.line({ type: 'chatLine', room: 'player', username: name, text: m.event.message });
    } else if (m.t === 'presence') {
      const gone = !m.online[opposite(this.seat)];
      if (gone !== this.gone) this.line({ type: 'opponentGone', gone });
      this.gone = gone;
    }
    if (this.said === undefined) return;
    const state = botGameState(t, this.context.now());
    const key = stateKey(state);
    if (key !== this.said) {
      this.said = key;
      this.line(state);
    }
    // The end said, the stream ends: lichess's game stream ends with its game.
    if (outcomeOf(t)) this.stream.end();
  }

  refuse(): void {
    // The stream sends no commands: the routes answer those.
  }

  close(): void {
    if (!this.open) return;
    this.room.leave(this);
    if (outcomeOf(this.room.table) || !this.seated) {
      this.stream.end();
      return;
    }
    // The game left memory while it goes on (another process took it over): sit in it again.
    setTimeout(() => this.rejoin().catch(() => this.stream.end()), REJOIN_MS).unref();
  }

  private async rejoin(): Promise<void> {
    if (!this.open) return;
    const room = await this.context.hub.open(this.room.id);
    if (!room || !this.open) return this.stream.end();
    this.room = room;
    this.seated = false;
    this.start();
  }

  private line(line: BotGameLine): void {
    this.stream.line(line);
  }
}

/** What of a state is news: all but its clocks, which change with every look. */
function stateKey(state: BotGameState): string {
  const { wtime: _w, btime: _b, ...news } = state;
  return JSON.stringify(news);
}
