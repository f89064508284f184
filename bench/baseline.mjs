#!/usr/bin/env node
// `npm run bench:baseline`: builds the baseline engine, the `agon` command as it was before the
// engine-speed work (commit 120310d, tag engine-baseline), into bench/baseline/, so that every
// claim of a stronger or faster engine is a side-by-side run on one machine
// (docs/strength.md, "The baseline engine"). The build is made on demand rather than
// committed: four thousand lines of generated JavaScript in the tree were noise in every
// search and review, and the commit they came from says the same thing exactly.
//
// The tag is looked for first and the commit's hash second, since a clone of main brings the
// commit but not the tag. The commit is checked out into a temporary git worktree, so the
// working tree is never touched, and bundled with esbuild as packages/cli/build.mjs bundles
// today's command. A second run skips the build while bench/baseline/ holds the same commit's
// build (`--force` builds it anyway).

import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const TAG = 'engine-baseline';
const COMMIT = '120310d3b6028bc9ed25ff159bbc904081336a28';

const repo = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(repo, 'bench', 'baseline');
const shown = relative(process.cwd(), outdir) || '.';
// Written last, so that an interrupted build is never taken for a finished one.
const stamp = join(outdir, 'COMMIT');

function git(...args) {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

function baselineCommit() {
  for (const ref of [TAG, COMMIT]) {
    try {
      return git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    } catch {
      // Not here under this name: try the next.
    }
  }
  throw new Error(
    `neither the tag ${TAG} nor commit ${COMMIT} is in this clone; fetch the full history ` +
      '(git fetch --unshallow) and run again',
  );
}

// Until commit 66efd23 the command ran its TypeScript through tsx, workers included: thread.ts
// started each worker from thread.mjs, which registered tsx and then imported the worker's .ts
// module. A bundle has no tsx and no .ts files, so that one module is swapped for one that
// starts the worker's bundled entry beside it, as 66efd23 did; nothing of the engine changes.
const bundledThread = `
import { Worker, workerData } from 'node:worker_threads';
export function startThread(module, data) {
  return new Worker(new URL(module.href.replace(/\\.ts$/, '.js')), { workerData: { data } });
}
export function threadData() {
  return workerData.data;
}
`;

/** Bundles the command in the checkout `src` into `dir`, as packages/cli/build.mjs does. */
async function bundle(src, dir) {
  const cli = join(src, 'packages', 'cli', 'src');
  const thread = join(cli, 'thread.ts');
  const tsxEra = existsSync(join(cli, 'thread.mjs'));
  const workers = ['engine-worker.ts', 'tune-worker.ts'].filter((f) => existsSync(join(cli, f)));
  const engine = join(src, 'packages', 'engine');
  const engineManifest = JSON.parse(readFileSync(join(engine, 'package.json'), 'utf8'));
  await build({
    entryPoints: ['main.ts', ...workers].map((f) => join(cli, f)),
    absWorkingDir: src, // paths in the bundle's comments as in a build inside the repository
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'baseline',
        setup(b) {
          // The checkout has no node_modules of its own, and the workspace link would lead
          // to today's engine: the engine is taken from the checkout, by its own manifest.
          // Its sideEffects: false lets the workers leave out the engine modules they do not
          // use, as a build inside the repository does.
          b.onResolve({ filter: /^@agon\/engine$/ }, () => ({
            path: join(engine, engineManifest.exports['.']),
            sideEffects: engineManifest.sideEffects !== false,
          }));
          if (tsxEra) {
            b.onLoad({ filter: /[\\/]thread\.ts$/ }, (args) =>
              args.path === thread ? { contents: bundledThread, loader: 'js' } : undefined,
            );
          }
        },
      },
    ],
  });
}

const commit = baselineCommit();
const force = process.argv.includes('--force');
if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === commit) {
  console.log(`${shown}/ already holds the baseline build of ${commit.slice(0, 7)}`);
  process.exit(0);
}

const scratch = mkdtempSync(join(tmpdir(), 'agon-baseline-'));
const checkout = join(scratch, 'src');
try {
  git('worktree', 'add', '--detach', checkout, commit);
  const built = join(scratch, 'out');
  await bundle(checkout, built);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  for (const file of readdirSync(built)) copyFileSync(join(built, file), join(outdir, file));
  writeFileSync(
    join(outdir, 'agon.mjs'),
    `#!/usr/bin/env node
// The baseline engine: the agon command as built from commit ${commit.slice(0, 7)} by
// bench/baseline.mjs (npm run bench:baseline). Generated; run as
// \`node bench/baseline/agon.mjs engine\` or \`node bench/baseline/agon.mjs bench\`.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
`,
  );
  writeFileSync(stamp, `${commit}\n`);
  console.log(
    `${shown}/ now holds the agon command of commit ${commit.slice(0, 7)}: ` +
      `node ${shown}/agon.mjs bench`,
  );
} finally {
  if (existsSync(checkout)) git('worktree', 'remove', '--force', checkout);
  rmSync(scratch, { recursive: true, force: true });
}
