// The lobby of one process as the in-process lobby tests set it up: a real SQLite store in a
// folder of its own, a board, the lobby over them, and the settling of its games that the
// games' rooms would do at an end; with players who said hello, and games ended unplayed so
// that their players are free again.

import type { ChallengeTerms, LobbySettings } from '@agon/protocol';
import { expect } from 'vitest';
import type { LobbyLimits } from '../src/common/limits.ts';
import type { Notifier } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/common/secret.ts';
import type { LobbyBoard } from '../src/lobby/board.ts';
import { Lobby } from '../src/lobby/lobby.ts';
import { Settlement } from '../src/lobby/settlement.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, RATED_BLITZ, remove } from './harness.ts';
import { Socket } from './lobby-socket.ts';

/** A rated blitz challenge (5+3) in which the challenger takes White. */
export const BLITZ: ChallengeTerms = {
  ...RATED_BLITZ,
  clock: { initial: 300_000, increment: 3000 },
};

/** A player of the tests, with the socket that said hello as them. */
export interface Hello {
  readonly id: string;
  readonly name: string;
  readonly token: string;
  readonly socket: Socket;
}

/** The lobby of one process over a store of its own and `board`. */
export class LobbyProcess {
  readonly folder = dataFolder();
  readonly store = new SqliteStore(this.folder);
  readonly lobby: Lobby;
  readonly settlement: Settlement;

  constructor(
    readonly board: LobbyBoard,
    {
      limits = {
        lobbyActionsPerMinute: 60,
        lobbyActionBurst: 20,
        botStepInMs: 20_000,
        botTakesChallengeMs: 60_000,
      },
      notifier,
    }: { readonly limits?: LobbyLimits; readonly notifier?: Notifier } = {},
  ) {
    const problems = new Problems(Date.now, 60_000, () => undefined);
    this.lobby = new Lobby({
      board,
      players: this.store,
      settings: this.store,
      games: this.store,
      limits,
      now: Date.now,
      problems,
      hold: async () => undefined,
      playing: () => [],
      // Each socket of these tests its own network, so the fair-rating rules stay out of the way.
      network: (address) => address,
      notifier,
    });
    this.settlement = new Settlement(this.store, board, problems, Date.now);
  }

  /**
   * A new player in the store, with `settings`, and a socket that said hello as them (with
   * `watch`, from a page other than the lobby).
   */
  async player({
    name,
    settings,
    watch = false,
  }: {
    name?: string;
    settings?: Partial<LobbySettings>;
    watch?: boolean;
  } = {}): Promise<Hello> {
    const { store } = this;
    const id = newPlayerId();
    const token = newToken();
    const named = name ?? `Player ${id}`;
    await store.createPlayer({
      id,
      name: named,
      tokenHash: hashToken(token),
      createdAt: Date.now(),
    });
    if (settings) await store.saveSettings(id, { ...(await store.settings(id)), ...settings });
    const socket = new Socket();
    expect(await this.lobby.hello(socket, token, watch)).toBe(true);
    return { id, name: named, token, socket };
  }

  /** Ends lobby game `game` as aborted, so its players are free. */
  async end(game: string): Promise<void> {
    const stored = await this.store.load(game);
    const unplayed = { plies: 0, berserk: { white: false, black: false } };
    await this.settlement.finished(
      game,
      stored!.setup,
      { winner: null, reason: 'aborted' },
      unplayed,
    );
  }

  /** Closes the lobby and the store, and removes the store's folder. */
  async close(): Promise<void> {
    await this.lobby.close();
    await this.store.close();
    remove(this.folder);
  }
}
