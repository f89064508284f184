// The server as its own process, as `npm start` runs it: on a free port of 127.0.0.1 with the
// data folder and environment given, ready once it prints its address. Used by the online
// tests (through harness.ts), the load script and the web app's browser tests, so all start
// it the same way.

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** A server process and its address. */
export interface Running {
  readonly url: string;
  readonly process: ChildProcess;
  /** Everything the process has printed so far, stdout and stderr. */
  output(): string;
  /** Ends the process (SIGTERM unless told) and waits for it to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const everyProcess = new Set<ChildProcess>();
process.on('exit', () => {
  for (const p of everyProcess) p.kill('SIGKILL');
});

/** How to run the process beyond its environment. */
export interface ProcessOptions {
  /** The limit on open files (ulimit -n). */
  readonly openFiles?: number;
  /** The largest file it may write, in KiB (ulimit -f): a full disk without filling one. */
  readonly fileSizeKiB?: number;
  /** Modules loaded before the server (node --import), after tsx. */
  readonly preload?: readonly string[];
}

/** Starts `src/main.ts` in a process of its own and waits for it to listen. */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): Promise<Running> {
  const node = [
    process.execPath,
    '--import',
    'tsx',
    ...(options.preload ?? []).flatMap((m) => ['--import', m]),
    'src/main.ts',
  ];
  // prlimit sets the limits on the process itself, so they hold for its worker threads too.
  const limits = [
    ...(options.openFiles === undefined ? [] : [`--nofile=${options.openFiles}`]),
    ...(options.fileSizeKiB === undefined ? [] : [`--fsize=${options.fileSizeKiB * 1024}`]),
  ];
  const [command, ...args] = limits.length ? ['prlimit', ...limits, '--', ...node] : node;
  const child = spawn(command!, args, {
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
      stop('SIGKILL').catch(() => undefined);
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
        resolve({ url, process: child, stop, output: () => output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}
