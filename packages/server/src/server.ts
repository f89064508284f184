// The web server as an app factory: the built browser app as static files. Online play will
// add its routes to the same instance, so callers build it here and listen in `main.ts`.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

// Where the built app is: packages/web/dist beside this package.
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** How to build the server. */
export interface ServerOptions {
  /** The folder of the built app (index.html and assets/). */
  readonly webRoot?: string;
  /** Fastify's request log; off by default. */
  readonly logger?: boolean;
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
  return app;
}
