// Starts the app's server on a free port for the whole e2e run and hands its URL to the tests.

import { buildServer } from '../../server/src/server.ts';

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
  const app = await buildServer();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  provide('baseURL', `${address}/`);
  return () => app.close();
}
