// Builds the agon command: src/ and the engine bundled into dist/ as plain JavaScript, so
// `agon` starts without compiling TypeScript. Run by `npm install` (the prepare script) and
// by bin/agon.mjs whenever a source file is newer than dist/main.js. `node build.mjs <dir>`
// builds into another folder.

import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Builds the command into `outdir`; main.js arrives last, so a run never sees half a build. */
export async function buildCommand(outdir = join(here, 'dist')) {
  // Several agon processes may rebuild at once (concurrent tests after an edit): each builds
  // in its own scratch folder, then renames file by file. Chunk names are content hashes, so
  // the chunks of an older main.js stay in place while it may still be loading.
  mkdirSync(outdir, { recursive: true });
  const scratch = mkdtempSync(join(outdir, '.build-'));
  try {
    await build({
      entryPoints: ['main.ts', 'engine-worker.ts', 'tune-worker.ts', 'puzzle-worker.ts'].map((f) =>
        join(here, 'src', f),
      ),
      outdir: scratch,
      bundle: true,
      splitting: true, // the workers share the engine's chunk with main.js
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    const files = readdirSync(scratch).sort(
      (a, b) => Number(a === 'main.js') - Number(b === 'main.js'),
    );
    for (const file of files) renameSync(join(scratch, file), join(outdir, file));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await buildCommand(process.argv[2] && resolve(process.argv[2]));
}
