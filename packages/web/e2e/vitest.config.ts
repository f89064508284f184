// End-to-end tests: the built app, served by the real server, driven in Debian's Chromium.
// Run with `npm run test:e2e` (which builds first).

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    globalSetup: ['./server-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
