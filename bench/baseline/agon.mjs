#!/usr/bin/env node
// Today's engine kept runnable as the baseline of strength and speed claims: the agon command
// as built from commit 120310d (see README.md here). Run as `node bench/baseline/agon.mjs engine`.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
