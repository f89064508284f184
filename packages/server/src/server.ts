// The web server as an app factory: the built browser app as static files, and online play
// (online.ts) on the same instance. Callers build it here and listen in `main.ts`.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_LIMITS, Hub, type Limits } from './hub.ts';
import { registerOnline } from './online.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { GameStore } from './store.ts';

// Where the built app is: packages/web/dist beside this package.
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** How to build the server. */
export interface ServerOptions {
  /** The folder of the built app (index.html and assets/). */
  readonly webRoot?: string;
  /** Fastify's request log; off by default. */
  readonly logger?: boolean;
  /**
   * The folder of the games database. Without it (and without `store`) games go to a fresh
   * temporary folder that is removed on close: right for tests, wrong for a real server.
   */
  readonly dataDir?: string;
  /** Where games are kept; the server closes it on close. Overrides `dataDir`. */
  readonly store?: GameStore;
  /** Limits on clients; each one missing is the default. */
  readonly limits?: Partial<Limits>;
}

/** Builds the server (not yet listening). Throws when the app has not been built. */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const root = options.webRoot ?? DEFAULT_WEB_ROOT;
  if (!existsSync(`${root}/index.html`)) {
    throw new Error(`no built app in ${root}: run \`npm run build\` first`);
  }
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(fastifyStatic, {
    root,
    // The build writes .br and .gz beside each file; they go to clients that accept them.
    preCompressed: true,
    // Hashed assets never change under their name; the page itself must be revalidated.
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/healthz', async () => ({ ok: true }));
  // The app's own addresses: a game's link and the page that makes one.
  for (const path of ['/g/:id', '/online']) {
    app.get(path, (_request, reply) => reply.sendFile('index.html'));
  }

  const temporary =
    options.store || options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'agon-games-'));
  const store = options.store ?? new SqliteStore(options.dataDir ?? temporary!);
  // One read proves the database opens, so a server that cannot keep games fails at start.
  await store.load('0000000000');
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  await registerOnline(app, new Hub(store, limits), limits);
  app.addHook('onClose', async () => {
    await store.close();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  });
  return app;
}
