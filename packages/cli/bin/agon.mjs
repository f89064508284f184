#!/usr/bin/env node
// The CLI is TypeScript run from source, like the engine it imports: tsx compiles on load, so
// there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
