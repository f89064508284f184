// Loaded into a server process by a test (node --import): each SIGUSR2 moves the process's
// clocks (Date.now and performance.now, which the server's clock reads) forward by
// AGON_TEST_JUMP_MS, as if that much time had passed while it ran; timers are not moved, as
// they would not be by a real wait. Plain JavaScript, because the storage worker thread
// inherits the --import before it has tsx.

import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const wall = Date.now;
  const mono = performance.now.bind(performance);
  const step = Number(process.env.AGON_TEST_JUMP_MS);
  let offset = 0;
  process.on('SIGUSR2', () => {
    offset += step;
  });
  Date.now = () => wall() + offset;
  performance.now = () => mono() + offset;
}
