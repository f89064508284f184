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
  // Every online page makes its browser a player, and every test's browser comes from this
  // one address: the per-address limit on new players is raised for the suite.
  const server = await startServerProcess(data, { AGON_PLAYERS_PER_MINUTE: '600' });
  provide('baseURL', server.url);
  return async () => {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  };
}
