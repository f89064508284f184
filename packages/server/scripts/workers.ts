// What the load scripts share: their options, the servers under load (one process on SQLite,
// or a cluster on PostgreSQL and Redis behind HAProxy, scripts/services.ts), the servers'
// memory and CPU from /proc, and the worker processes that simulate the clients. A script runs
// as the parent, which starts the servers and the workers and adds up, and as each worker (the
// same script with --worker): one process alone stalled under a few thousand sockets and
// measured its own stalls as latency, so the clients are spread, and each worker measures its
// own event loop's stalls to print beside the latencies.

import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { startServerProcess } from '../src/process.ts';
import { startCluster } from './services.ts';

/** The number given as `--name`, else `fallback`; at most `max`; 0 only if `zero` allows it. */
export function option(name: string, fallback: number, max: number, zero = false): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero)) {
    throw new Error(`--${name} must be a ${zero ? 'non-negative' : 'positive'} number`);
  }
  return Math.min(value, max);
}

/** Whether this process is one of a script's workers. */
export const isWorker = process.argv.includes('--worker');
/** `--cluster N`: that many server processes (2 if no number follows); 0 for one on SQLite. */
export const CLUSTER = process.argv.includes('--cluster') ? option('cluster', 2, 8) : 0;
/** `--workers N`: the worker processes (2 by default, 1 on a one-core machine). */
export const WORKERS = Math.round(option('workers', Math.min(2, availableParallelism()), 16));

/** The servers under load. */
export interface Target {
  /** The address to give clients: the server's, or HAProxy's in front of the cluster. */
  readonly url: string;
  readonly processes: readonly ChildProcess[];
  stop(): Promise<void>;
}

/** Starts one server on SQLite in a fresh folder, or a cluster of `CLUSTER`, with `env` added. */
export async function startTarget(env: Record<string, string>): Promise<Target> {
  if (CLUSTER) {
    const cluster = await startCluster({ count: CLUSTER, env });
    return {
      url: cluster.url,
      processes: cluster.servers.map((s) => s.process),
      stop: cluster.stop,
    };
  }
  const data = mkdtempSync(join(tmpdir(), 'agon-load-'));
  const server = await startServerProcess(data, env);
  return {
    url: server.url,
    processes: [server.process],
    async stop() {
      await server.stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A process's resident memory and CPU time so far. */
export interface Usage {
  readonly rssMiB: number;
  readonly cpuSeconds: number;
}

/** The CPU time so far (s) in a /proc `stat` file: of a process, or of one of its threads. */
function cpuSeconds(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime, in clock ticks
  return ticks / 100;
}

/** The resident memory (MiB) and CPU time so far (s) of process `pid`, from /proc. */
export function usage(pid: number): Usage {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  return { rssMiB: rss, cpuSeconds: cpuSeconds(`/proc/${pid}/stat`) };
}

/**
 * The CPU time so far (s) of each thread of process `pid`, by thread id (the main thread's is
 * the pid), from /proc (Linux). A thread that ends between the listing and its reading is left out.
 */
export function threadTimes(pid: number): Map<number, number> {
  const times = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      times.set(Number(tid), cpuSeconds(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // gone meanwhile
    }
  }
  return times;
}

/** The share of each server process's CPU between two readings `seconds` apart, in %. */
export function cpuPercent(before: readonly Usage[], after: readonly Usage[], seconds: number) {
  return after.map((u, i) => ((u.cpuSeconds - before[i]!.cpuSeconds) / seconds) * 100);
}

/** The `p`th percentile of ascending `sorted`. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/** Milliseconds as printed. */
export const ms = (v: number): string => `${v.toFixed(1)} ms`;

/** Failures and refusals counted by their cause (a refusal's code and message, a status). */
export class Causes {
  private readonly counts = new Map<string, number>();

  add(what: string, n = 1): void {
    // A server error names its request, which would make each one a cause of its own.
    const cause = what.replace(/ \(request [\w-]+\)/, '');
    this.counts.set(cause, (this.counts.get(cause) ?? 0) + n);
  }

  /** The causes of the workers' reports (each their `entries()`), added up. */
  static sum(reports: readonly (readonly (readonly [string, number])[])[]): Causes {
    const causes = new Causes();
    for (const report of reports) for (const [what, n] of report) causes.add(what, n);
    return causes;
  }

  /** Every cause with its count, for a report to the parent. */
  entries(): [string, number][] {
    return [...this.counts];
  }

  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }

  /** Prints the total under `title` and each cause, the most frequent first. */
  print(title: string): void {
    console.log(`${title}: ${this.total}`);
    for (const [what, n] of [...this.counts].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${what} ×${n}`);
    }
  }
}

/** A worker's own event-loop stalls, from when it starts measuring. */
export function stalls(): IntervalHistogram {
  return monitorEventLoopDelay({ resolution: 10 });
}

/** Sends the parent a report (in a worker). */
export function tell<Report>(report: Report): void {
  process.send!(report);
}

/** A worker's measurements sent as it goes, beside its other reports. */
export interface Latencies {
  readonly t: 'latencies';
  readonly ms: readonly number[];
}

/** A worker process as the parent sees it: its orders, and what it reported. */
export class Generator<Order, Report extends { readonly t: string }> {
  readonly child: ChildProcess;
  private readonly reports: Report[] = [];
  private waiting: (() => void) | undefined;
  private exited = false;

  /** Forks `script` (the calling script's own file) as a worker, under the same loader. */
  constructor(script: string, onLatencies: (ms: readonly number[]) => void = () => undefined) {
    this.child = fork(script, [...process.argv.slice(2), '--worker'], { stdio: 'inherit' });
    this.child.on('message', (report: Report | Latencies) => {
      if (report.t === 'latencies') onLatencies((report as Latencies).ms);
      else this.reports.push(report as Report);
      this.waiting?.();
    });
    this.child.on('exit', () => {
      this.exited = true;
      this.waiting?.();
    });
  }

  order(order: Order): void {
    this.child.send(order as object);
  }

  /** Waits for the worker's report of type `t`. */
  async next<T extends Report['t']>(t: T): Promise<Extract<Report, { t: T }>> {
    for (;;) {
      const found = this.reports.find((r): r is Extract<Report, { t: T }> => r.t === t);
      if (found) return found;
      if (this.exited) throw new Error(`a load worker ended before its ${t} report`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }
}

/**
 * Forks `WORKERS` workers of `script` (the calling script's own file) and runs `run` with them
 * against `target`. A run past `limitMs` is cut short: the servers and the workers are killed and
 * the script exits. However the run ends, the workers are stopped, then the target.
 */
export async function withWorkers<Order, Report extends { readonly t: string }>(
  script: string,
  target: Target,
  limitMs: number,
  run: (workers: readonly Generator<Order, Report>[]) => Promise<void>,
  onLatencies?: (ms: readonly number[]) => void,
): Promise<void> {
  const workers = Array.from(
    { length: WORKERS },
    () => new Generator<Order, Report>(script, onLatencies),
  );
  const abort = setTimeout(() => {
    console.error('the run took too long; stopping');
    for (const p of target.processes) p.kill('SIGKILL');
    for (const w of workers) w.child.kill('SIGKILL');
    process.exit(1);
  }, limitMs);
  try {
    await run(workers);
  } finally {
    clearTimeout(abort);
    for (const w of workers) if (w.child.exitCode === null) w.child.kill();
    await target.stop();
  }
}

/** How many of `total` worker `i` of `count` takes: an even share, the rest to the first. */
export const share = (total: number, count: number, i: number): number =>
  Math.floor(total / count) + (i < total % count ? 1 : 0);
