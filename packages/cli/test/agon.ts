// Runs the agon command as users do: a real process, its output streams and exit status.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command's entry point. */
export const BIN = fileURLToPath(new URL('../bin/agon.mjs', import.meta.url));

/** A finished run of the command. */
export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `agon <args>` with `input` on standard input and `env` added to its environment, to the end. */
export function agon(
  args: readonly string[],
  input = '',
  env: Readonly<Record<string, string>> = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The lines of an output, without the empty string after the last line break. */
export const lines = (text: string): string[] => text.split('\n').slice(0, -1);
