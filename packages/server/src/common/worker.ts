// A worker thread that runs a TypeScript module of the server: the worker loads tsx first, as
// `npm start` does, then the module.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Starts `module` (a .ts file's URL) in a worker thread, given `workerData`. */
export function typeScriptWorker(module: URL, workerData?: unknown): Worker {
  // Resolved through tsx's package.json: import.meta.resolve is missing under test runners.
  const require = createRequire(import.meta.url);
  const tsxPackage = require.resolve('tsx/package.json');
  const api = (require(tsxPackage) as { exports: Record<string, { import: { default: string } }> })
    .exports['./esm/api']!.import.default;
  const tsx = pathToFileURL(join(dirname(tsxPackage), api)).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData });
}
