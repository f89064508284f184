// Loaded into a server process by a test (node --import): each SIGUSR2 steps the wall clock,
// as Date.now sees it, back by one second, as NTP or an administrator may do to a real
// machine. Durations on the server must not move with it. Plain JavaScript, because the
// storage worker thread inherits the --import before it has tsx.

import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const wall = Date.now;
  let offset = 0;
  process.on('SIGUSR2', () => {
    offset -= 1000;
  });
  Date.now = () => wall() + offset;
}
