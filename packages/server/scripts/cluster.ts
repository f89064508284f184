// `npm run cluster`: online play as several processes on one machine, as a deployment would
// run it: a throwaway PostgreSQL and Redis (or AGON_DATABASE_URL / AGON_REDIS_URL), N server
// processes and HAProxy in front on PORT (default 3000), all on 127.0.0.1. Prints the URL;
// Ctrl-C stops everything and removes the throwaway data.
//
//   npm run cluster [-- --servers 2]

import { startCluster } from './services.ts';

const i = process.argv.indexOf('--servers');
const count = i >= 0 ? Number(process.argv[i + 1]) : 2;
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--servers must be a whole number from 1 to 16');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const cluster = await startCluster({
  count,
  port,
  databaseUrl: process.env.AGON_DATABASE_URL || undefined,
  redisUrl: process.env.AGON_REDIS_URL || undefined,
  // HAProxy names each client's address (X-Forwarded-For), so the per-address limits stay as
  // for one server; the servers take the rest of this environment (AGON_*) as they are.
});
for (const [n, server] of cluster.servers.entries()) {
  console.log(`server ${n + 1}: ${server.url} (pid ${server.process.pid})`);
}
console.log(`Agon cluster is ready: ${cluster.url}`);
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
