#!/usr/bin/env node
// Runs the prebuilt command (dist/, built by npm install's prepare script). After an edit to
// the CLI's or the engine's source it rebuilds first, so a checkout never runs stale code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../dist/main.js', import.meta.url);
const sources = ['../src', '../../engine/src'].map((d) => new URL(d, import.meta.url).pathname);

function stale() {
  let built;
  try {
    built = statSync(dist).mtimeMs;
  } catch {
    return true;
  }
  return sources.some((dir) =>
    readdirSync(dir).some((file) => statSync(join(dir, file)).mtimeMs > built),
  );
}

if (stale()) await (await import('../build.mjs')).buildCommand();
const { main } = await import(dist.href);
process.exitCode = await main(process.argv.slice(2));
