// The server as its own process, as `npm start` runs it: on a free port of 127.0.0.1 with the
// data folder and environment given, ready once it prints its address. Used by the online
// tests (through harness.ts) and by the load script, so both start it the same way.

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** A server process and its address. */
export interface Running {
  readonly url: string;
  readonly process: ChildProcess;
  /** Ends the process (SIGTERM unless told) and waits for it to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const everyProcess = new Set<ChildProcess>();
process.on('exit', () => {
  for (const p of everyProcess) p.kill('SIGKILL');
});

/** Starts `src/main.ts` in a process of its own and waits for it to listen. */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PACKAGE,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      AGON_DATA: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  everyProcess.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    everyProcess.delete(child);
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`the server did not start in time:\n${output}`));
    }, 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const url = /Agon is ready: (http:\/\/\S+\/)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, process: child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}
