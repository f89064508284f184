// Starts the app's server for the whole e2e run as its own process, as `npm start` runs it
// (through the server package's own starter, shared with its tests and load script), in a
// throwaway data folder, and hands its URL to the tests.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '@agon/server/process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Vitest global setup: serve packages/web/dist; the returned function stops the server. */
export default async function setup({
  provide,
}: {
  provide: (key: 'baseURL', value: string) => void;
}): Promise<() => Promise<void>> {
  const data = mkdtempSync(join(tmpdir(), 'agon-e2e-'));
  // Every online page makes its browser a player, and most tests' browsers come from one
  // address, 127.0.0.1: the per-address limit on new players is raised for the suite. A game
  // agreed as rated between two players of one network is played unrated, so a test that
  // needs a rated game gives each browser an address of its own (newContext's `from`), which
  // the server reads off the connection itself, trusting no header.
  const server = await startServerProcess(data, {
    AGON_PLAYERS_PER_MINUTE: '600',
    // The push service of push.test.ts is an http:// one on loopback.
    AGON_PUSH_LOOPBACK: '1',
    // No recurring tournaments: a test sees only the tournaments it makes.
    AGON_SCHEDULE: 'none',
  });
  provide('baseURL', server.url);
  return async () => {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  };
}
