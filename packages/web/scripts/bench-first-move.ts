// `npm run bench:web`: the main thread during a first move against level 10, at phone size.
// Serves the built app (packages/web/dist; run `npm run build` first), opens it in a fresh
// Chromium context with a level-10 game stored (so the tap on a piece is the page's first
// touch), taps a piece and its cell, and waits for the computer's answer. A Chrome trace of
// that stretch gives every main-thread task; the longest, and the list of those over 16 ms,
// are printed for each CPU slowdown (1x, and 4x as on a phone) and each repeat.
//
// With --puzzles it measures the puzzle page's first render instead: a first visit to
// /puzzles in a fresh browser at phone size, from the start of navigation to the puzzle's
// board ready to be played (its words, code and the puzzle set fetched and read), and when the
// set arrived.
//
// Options: --runs N (default 5), --rates 1,4 (CPU slowdowns), --profile (also write a CPU
// profile of each first move to packages/web/test-results/, and print the functions that took
// the most time in each task over 50 ms, or over --profile-over MS), --trace (write each
// run's Chrome trace there too), --json (print the summary as JSON too), --dist DIR (measure
// another build).
//
// Times depend on the machine and its load: they are reported, never asserted.

import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Game, makeAgn, parseApn, STANDARD_APN } from '@agon/engine';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
} from 'playwright-core';

const DIST_DEFAULT = fileURLToPath(new URL('../dist/', import.meta.url));
const OUT = fileURLToPath(new URL('../test-results/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Main-thread tasks at least this long are listed. */
const LIST_MS = 16;

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rates: { type: 'string', default: '1,4' },
    profile: { type: 'boolean', default: false },
    'profile-over': { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    dist: { type: 'string', default: DIST_DEFAULT },
    puzzles: { type: 'boolean', default: false },
  },
});
const DIST = `${(opts.dist ?? DIST_DEFAULT).replace(/\/$/, '')}/`;
const RUNS = Number(opts.runs);
const RATES = (opts.rates ?? '1,4').split(',').map(Number);
const PROFILE_OVER = Number(opts['profile-over']);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A plain static server for dist/, the page for `/`. */
function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(DIST, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The stored game the page starts with: the standard start, you White, the computer level 10. */
function storedGame(): string {
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const setup = {
    mode: 'computer',
    level: 10,
    human: 'white',
    side: 'white',
    variant: 'standard',
    touchMove: false,
  };
  return JSON.stringify({ setup, agn: makeAgn(new Game(start.value)) });
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** Records a Chrome trace on `cdp` while `during` runs. */
async function trace(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        '__metadata',
      ],
    },
  });
  await during();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

interface Task {
  /** ms from the tap on the piece. */
  start: number;
  ms: number;
  /** CPU time of the thread in it, ms: less than `ms` when other processes took the CPU. */
  cpu: number;
  /** The biggest kinds of work inside the task, with their ms. */
  what: string;
}

/** The page's main-thread tasks in the trace, from `origin` (trace µs) on. */
function mainThreadTasks(events: TraceEvent[], origin: number): Task[] {
  // The page's main thread: the renderer thread that ran the tap's event dispatch.
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tap = events.find(
    (e) =>
      e.name === 'EventDispatch' &&
      main.has(`${e.pid}:${e.tid}`) &&
      ['pointerdown', 'pointerup', 'click'].includes(String(e.args?.data?.type)),
  );
  const thread = tap ? `${tap.pid}:${tap.tid}` : [...main][0];
  const on = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X');
  const tasks = on.filter((e) => e.name === 'RunTask' && e.ts >= origin && (e.dur ?? 0) > 0);
  return tasks.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    const inside = on.filter(
      (e) =>
        e !== t &&
        e.name !== 'RunTask' &&
        e.name !== 'ThreadControllerImpl::RunTask' &&
        e.ts >= t.ts &&
        e.ts + (e.dur ?? 0) <= end,
    );
    const sums = new Map<string, number>();
    for (const e of inside) {
      if ((e.dur ?? 0) < 2000) continue;
      const data = e.args?.data ?? {};
      const detail =
        e.name === 'EventDispatch'
          ? `:${String(data.type)}`
          : e.name === 'FunctionCall'
            ? `:${String(data.functionName || '?')}@${String(data.url ?? '')
                .split('/')
                .pop()}`
            : e.name === 'TimerFire'
              ? ''
              : e.name === 'EvaluateScript' || e.name === 'v8.compileModule'
                ? `:${String(data.url ?? e.args?.data?.fileName ?? '')
                    .split('/')
                    .pop()}`
                : '';
      const key = `${e.name}${detail}`;
      sums.set(key, Math.max(sums.get(key) ?? 0, (e.dur ?? 0) / 1000));
    }
    const what = [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(', ');
    return {
      start: (t.ts - origin) / 1000,
      ms: (t.dur ?? 0) / 1000,
      cpu: (t.tdur ?? 0) / 1000,
      what,
    };
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self and total time between `from` and `to` (profile µs). */
function hottest(profile: Profile, from: number, to: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: ProfileNode): string => {
    const f = n.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = byId.get(profile.samples[i]!);
    if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n: ProfileNode | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const key = name(n);
      if (seen.has(key) || key.startsWith('(root)')) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${k}`);
  return ['self:', ...top(self, 12), 'total:', ...top(total, 25)];
}

/** The centre of the first element matching `selector`, in page coordinates. */
async function centreOf(page: Page, selector: string): Promise<[number, number]> {
  const at = await page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? [r.x + r.width / 2, r.y + r.height / 2] : undefined;
  }, selector);
  if (!at) throw new Error(`nothing on the page matches ${selector}`);
  return at as [number, number];
}

/**
 * Taps a movable piece, then the first cell it may go to, and waits until the computer has
 * answered. Taps go straight through CDP and the waits are single evaluations in the page, so
 * the bench adds next to no work of its own to the page's main thread.
 */
async function firstMove(page: Page): Promise<void> {
  await page.touchscreen.tap(...(await centreOf(page, '.cell.origin')));
  await page.waitForTimeout(150);
  await page.touchscreen.tap(...(await centreOf(page, '.cell.dest')));
  // The computer answers: the move list holds two moves. Looked for four times a second, a
  // few µs each, so that the bench's own work stays out of the tasks it measures. (A string,
  // as tsx would wrap a function's inner names in a helper the page lacks.)
  await page.evaluate(`new Promise((resolve) => {
    const timer = setInterval(() => {
      if (document.querySelectorAll('[data-testid="move-list"] button.move').length >= 2) {
        clearInterval(timer);
        resolve();
      }
    }, 250);
  })`);
  // Let the answer's own redraw and sound run.
  await page.waitForTimeout(300);
}

interface Run {
  rate: number;
  longest: number;
  /** The most CPU time one task took, ms. */
  longestCpu: number;
  tasks: Task[];
  longTaskCount: number;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

// Both measurements are of a phone's first visit.
function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-GB',
  });
}

/**
 * One first move in a browser of its own: some costs (the audio device, the first worker)
 * come once per browser, as on a phone opening the page.
 */
async function runOnce(url: string, rate: number, index: number): Promise<Run> {
  const browser = await launchChromium();
  try {
    return await measure(browser, url, rate, index);
  } finally {
    await browser.close();
  }
}

async function measure(browser: Browser, url: string, rate: number, index: number): Promise<Run> {
  const context = await phoneContext(browser);
  const game = storedGame();
  await context.addInitScript((g: string) => {
    if (!sessionStorage.getItem('bench')) {
      localStorage.setItem('agon.game.v1', g);
      sessionStorage.setItem('bench', '1');
    }
  }, game);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(url);
  await page.locator('.cell.origin').first().waitFor();
  // The first load settles (worker started, fonts, service worker) as a player would look
  // at the board for a moment before the first tap.
  await page.waitForTimeout(1000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (opts.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const events = await trace(cdp, async () => {
    await page.waitForTimeout(100);
    await firstMove(page);
  });
  // Times count from just before the first tap's pointerdown (trace clock, µs).
  const taps = events
    .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown')
    .map((e) => e.ts);
  const origin = taps.length ? Math.min(...taps) - 5000 : Math.min(...events.map((e) => e.ts));
  const tasks = mainThreadTasks(events, origin);
  if (opts.trace) {
    mkdirSync(OUT, { recursive: true });
    // Gzipped: DevTools opens it as it is, and it stays small.
    const file = `${OUT}first-move-${rate}x-${index}.trace.json.gz`;
    writeFileSync(file, new Uint8Array(gzipSync(JSON.stringify({ traceEvents: events }))));
    console.log(`  trace ${file} (open in Chrome DevTools' Performance panel)`);
  }
  const longest = Math.max(0, ...tasks.map((t) => t.ms));
  if (opts.profile) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    mkdirSync(OUT, { recursive: true });
    const file = `${OUT}first-move-${rate}x-${index}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  profile ${file}`);
    // Trace and profile share the monotonic clock in µs.
    for (const task of tasks.filter((t) => t.ms >= PROFILE_OVER)) {
      console.log(
        `  hottest in the ${task.ms.toFixed(0)} ms task at +${task.start.toFixed(0)} ms:`,
      );
      const from = origin + task.start * 1000;
      for (const line of hottest(profile, from, from + task.ms * 1000)) console.log(`    ${line}`);
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  return {
    rate,
    longest,
    longestCpu: Math.max(0, ...tasks.map((t) => t.cpu)),
    tasks: tasks.filter((t) => t.ms >= LIST_MS),
    longTaskCount: tasks.filter((t) => t.ms >= 50).length,
  };
}

/** The puzzle page's first render, in ms from the start of navigation, at CPU `rate`. */
async function puzzleRender(
  url: string,
  rate: number,
): Promise<{ boardMs: number; setMs: number }> {
  const browser = await launchChromium();
  try {
    const context = await phoneContext(browser);
    // The moment the puzzle's first movable piece is marked, taken inside the page.
    await context.addInitScript(() => {
      const w = window as unknown as { readyAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('.puzzle-page .cell.origin')) {
          w.readyAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(new URL('/puzzles', url).href);
    await page.locator('.puzzle-page .cell.origin').first().waitFor({ timeout: 60_000 });
    return await page.evaluate(() => {
      const set = performance
        .getEntriesByType('resource')
        .find((e) => /\/puzzles-[^/]*\.json$/.test(e.name)) as PerformanceResourceTiming;
      return {
        boardMs: (window as unknown as { readyAt: number }).readyAt,
        setMs: set?.responseEnd ?? Number.NaN,
      };
    });
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('bench:web: no packages/web/dist; run `npm run build` first');
  process.exit(1);
}
const server = await serve();
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const { loadavg, cpus } = await import('node:os');
console.log(
  `${opts.puzzles ? "the puzzle page's first render" : 'first move against level 10'}, phone size (390x844); ${cpus().length} CPUs, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const summary: Record<
  string,
  { longest: number[]; median: number; max: number; cpuMedian: number; cpuMax: number }
> = {};
try {
  for (const rate of opts.puzzles ? RATES : []) {
    const board: number[] = [];
    const set: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await puzzleRender(url, rate);
      board.push(run.boardMs);
      set.push(run.setMs);
      console.log(
        `${rate}x run ${i + 1}: puzzle ready to play at ${run.boardMs.toFixed(0)} ms, the set in at ${run.setMs.toFixed(0)} ms`,
      );
    }
    console.log(
      `${rate}x: puzzle ready median ${median(board).toFixed(0)} ms, max ${Math.max(...board).toFixed(0)} ms; set in median ${median(set).toFixed(0)} ms over ${RUNS} runs`,
    );
  }
  for (const rate of opts.puzzles ? [] : RATES) {
    const longest: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await runOnce(url, rate, i);
      longest.push(run.longest);
      cpu.push(run.longestCpu);
      console.log(
        `${rate}x run ${i + 1}: longest main-thread task ${run.longest.toFixed(1)} ms, ${run.longTaskCount} over 50 ms`,
      );
      for (const t of run.tasks) {
        console.log(
          `    +${t.start.toFixed(0).padStart(5)} ms  ${t.ms.toFixed(1).padStart(6)} ms (CPU ${t.cpu.toFixed(1).padStart(5)})  ${t.what}`,
        );
      }
    }
    summary[`${rate}x`] = {
      longest,
      median: median(longest),
      max: Math.max(...longest),
      cpuMedian: median(cpu),
      cpuMax: Math.max(...cpu),
    };
    // On a busy machine a task waits for the CPU too: the most CPU time one task used shows
    // the page's own work apart from that wait.
    console.log(
      `${rate}x: longest task median ${median(longest).toFixed(1)} ms, max ${Math.max(...longest).toFixed(1)} ms over ${RUNS} runs; most CPU in one task median ${median(cpu).toFixed(1)} ms, max ${Math.max(...cpu).toFixed(1)} ms`,
    );
  }
} finally {
  server.close();
}
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (opts.json) console.log(JSON.stringify(summary));
