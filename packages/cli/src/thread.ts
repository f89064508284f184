// Worker threads that run TypeScript, for searches that must not block the main thread
// (`agon engine`) or that share out across cores (`agon tune`).

import { Worker, workerData } from 'node:worker_threads';

/** Starts a worker thread running the TypeScript module at `module`, which reads `data` with threadData. */
export function startThread(module: URL, data: unknown): Worker {
  return new Worker(new URL('./thread.mjs', import.meta.url), {
    workerData: { module: module.href, data },
  });
}

/** Inside a worker from startThread: the data it was started with. */
export function threadData<T>(): T {
  return (workerData as { data: T }).data;
}
