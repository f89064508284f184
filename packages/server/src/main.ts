// Starts the web server: PORT and HOST from the environment, the URL printed once listening.

import { buildServer } from './server.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

try {
  const app = await buildServer();
  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Agon is ready: http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`);
  const close = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
