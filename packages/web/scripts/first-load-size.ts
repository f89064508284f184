// `npm run bench:size`: the JavaScript a first visit of `/` downloads, gzipped as the server
// sends it, read from a build: the page's entry script and what it imports statically, the
// modules index.html preloads, and the engine worker the game page starts at once. Chunks
// imported dynamically (the other pages, the dialogs, other languages' words) are not counted:
// they are fetched when first needed. The browser test (e2e/perf.test.ts, `firstLoadJs`)
// measures the same files as requested by a real first visit.
//
// Options: --dist DIR (default AGON_WEB_ROOT, else packages/web/dist), --json.
//
// A size is reported, never asserted.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: { dist: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const dist =
  values.dist ?? (process.env.AGON_WEB_ROOT || fileURLToPath(new URL('../dist/', import.meta.url)));

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const roots = [
  ...html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"/g),
].map((m) => m[1] ?? '');

// Static imports only: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
const STATIC_IMPORT = /\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.js)["']/g;
const WORKER = /["'`]([^"'`]*engine\.worker-[\w-]+\.js)["'`]/g;

const seen = new Set<string>();
const visit = (url: string): void => {
  const path = new URL(url, 'http://x/').pathname;
  if (seen.has(path)) return;
  seen.add(path);
  const code = readFileSync(join(dist, path), 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) visit(new URL(m[1] ?? '', `http://x${path}`).href);
  for (const m of code.matchAll(WORKER)) visit(new URL(m[1] ?? '', `http://x${path}`).href);
};
for (const root of roots) visit(root);

const files = [...seen].map((path) => {
  const file = join(dist, path);
  const raw = readFileSync(file);
  // The build writes each file's gzip beside it (level 9), which the server sends as is.
  const gzip = existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(new Uint8Array(raw), { level: 9 }).length;
  return { path, raw: raw.length, gzip };
});
const total = files.reduce((sum, f) => sum + f.gzip, 0);
const kb = (n: number): string => (n / 1024).toFixed(1);
if (values.json) console.log(JSON.stringify({ files, totalGzipBytes: total }, null, 2));
else {
  for (const f of files) {
    console.log(
      `${f.path.padEnd(44)} ${kb(f.raw).padStart(7)} KB  gzip ${kb(f.gzip).padStart(6)} KB`,
    );
  }
  console.log(`first-load JavaScript, gzipped: ${total} bytes (${kb(total)} KB)`);
}
