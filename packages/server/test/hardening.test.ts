// The online server under attack and failure, each case a defect once found (issue 10): a real
// server process, real sockets on 127.0.0.1, every loop bounded in count and time. Each test
// asserts what the server does, never how fast.

import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Colour } from '@agon/engine';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATABASE_FILE } from '../src/storage/sqlite.ts';
import { createGame, dataFolder, Peer, type Running, remove, startServer } from './harness.ts';

type Created = { id: string; seat: Colour; token: string };

/** Runs `test` with a server on a fresh data folder, then stops it and removes the folder. */
async function withServer(
  env: Record<string, string>,
  test: (server: Running, data: string) => Promise<void>,
  options: Parameters<typeof startServer>[2] = {},
): Promise<void> {
  const data = dataFolder();
  const server = await startServer(data, env, options);
  try {
    await test(server, data);
  } finally {
    await server.stop('SIGKILL');
    remove(data);
  }
}

/** A game with both players connected; White created it. */
async function twoPlayers(url: string, clock: unknown = null) {
  const created = await createGame(url, { side: 'white', clock });
  expect(created.status).toBe(201);
  const { id, token } = created.body as Created;
  const white = await Peer.join(url, id, token);
  const black = await Peer.join(url, id);
  await white.peer.event(black.state.game.version);
  return {
    id,
    white,
    black,
    version: black.state.game.version,
    tokens: { white: token, black: black.state.token! },
  };
}

/** What /healthz answers. */
async function health(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}healthz`, { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `check` every 50 ms until it holds, for at most `timeout` ms. */
async function until(check: () => Promise<boolean>, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Opens a raw socket to game `id`: resolves the socket once open, or the HTTP status refusing
 * it (0 when the server gave no answer within 5 s).
 */
function rawSocket(url: string, id: string): Promise<WebSocket | number> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/games/${id}/socket`, {
    handshakeTimeout: 5000,
  });
  return new Promise((resolve) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

const closed = (ws: WebSocket): Promise<number> =>
  new Promise((resolve) => ws.once('close', (code) => resolve(code)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('1. one unreadable game', () => {
  it('fails alone: its client is told, every other game plays on and /healthz stays ok', async () => {
    const data = dataFolder();
    try {
      let server = await startServer(data);
      const bad = (await createGame(server.url, {})).body as Created;
      await server.stop(); // a clean stop leaves everything in the database file
      // That game's row made too big for its page, so it runs on over overflow pages...
      const db = new Database(join(data, DATABASE_FILE));
      const setup = { variant: 'standard', clock: null, seats: {}, pad: 'Z'.repeat(30_000) };
      db.prepare('UPDATE games SET setup = ? WHERE id = ?').run(JSON.stringify(setup), bad.id);
      db.close();
      // ...and one of those pages' link to the next made to point past the end of the file.
      const file = join(data, DATABASE_FILE);
      const bytes = readFileSync(file);
      const pageSize = bytes.readUInt16BE(16);
      // An overflow page in the middle of the row: the next page's number, then nothing but Z.
      const onlyZ = (at: number) => bytes.subarray(at + 4, at + pageSize).every((b) => b === 0x5a);
      let page = 0;
      while (!onlyZ(page)) page += pageSize;
      const fd = openSync(file, 'r+');
      writeSync(fd, new Uint8Array([0x7f, 0xff, 0xff, 0xf0]), 0, 4, page);
      closeSync(fd);

      server = await startServer(data);
      try {
        for (let attempt = 0; attempt < 2; attempt++) {
          const peer = await Peer.open(server.url, bad.id);
          peer.send({ t: 'hello', token: bad.token });
          expect(await peer.error()).toBe('server-error');
          expect(await peer.whenClosed()).toBe(1011);
        }
        const g = await twoPlayers(server.url);
        g.white.peer.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
        expect((await g.black.peer.event(g.version + 1)).event.kind).toBe('move');
        expect((await createGame(server.url, {})).status).toBe(201);
        expect((await health(server.url)).status).toBe(200);
        // Logged once, by its id.
        const lines = server
          .output()
          .split('\n')
          .filter((l) => l.includes(bad.id));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/malformed|corrupt/i);
        g.white.peer.close();
        g.black.peer.close();
      } finally {
        await server.stop('SIGKILL');
      }
    } finally {
      remove(data);
    }
  });
});

describe('2. one address', () => {
  it('may hold 100 sockets at most; the next is turned away and the server still answers', () =>
    withServer({}, async (server) => {
      const { id } = (await createGame(server.url, {})).body as Created;
      const open: WebSocket[] = [];
      for (let i = 0; i < 100; i++) {
        const ws = await rawSocket(server.url, id);
        if (typeof ws === 'number') throw new Error(`socket ${i} refused with ${ws}`);
        ws.on('error', () => undefined);
        ws.send(JSON.stringify({ t: 'hello' }));
        open.push(ws);
      }
      expect(await rawSocket(server.url, id)).toBe(429);
      expect((await health(server.url)).status).toBe(200);
      // A closed socket frees its place.
      open.shift()!.close();
      await until(async () => (await health(server.url)).body.sockets === 99);
      const again = await rawSocket(server.url, id);
      expect(typeof again).not.toBe('number');
      for (const ws of [...open, again as WebSocket]) ws.terminate();
    }));

  it('has a socket that never says hello closed', () =>
    withServer({ AGON_HELLO_TIMEOUT_MS: '300' }, async (server) => {
      const { id } = (await createGame(server.url, {})).body as Created;
      const silent = await rawSocket(server.url, id);
      if (typeof silent === 'number') throw new Error(`refused with ${silent}`);
      expect(await closed(silent)).toBe(4408);
      // One that says hello in time stays.
      const { peer } = await Peer.join(server.url, id);
      await sleep(600);
      expect(peer.closed).toBeUndefined();
      peer.close();
    }));

  it('cannot use up the file limit: sockets past a safe number are turned away, /healthz and game creation still work', () =>
    withServer(
      { AGON_SOCKETS_PER_ADDRESS: '5000' },
      async (server) => {
        const { id } = (await createGame(server.url, {})).body as Created;
        const open: WebSocket[] = [];
        let refused = 0;
        for (let i = 0; i < 400 && refused < 5; i++) {
          const ws = await rawSocket(server.url, id);
          if (ws === 503) refused++;
          else if (typeof ws === 'number') throw new Error(`socket ${i}: no answer (${ws})`);
          else {
            ws.on('error', () => undefined);
            open.push(ws);
          }
        }
        expect(refused).toBe(5);
        expect(open.length).toBeLessThan(400);
        expect((await health(server.url)).status).toBe(200);
        expect((await createGame(server.url, {})).status).toBe(201);
        for (const ws of open) ws.terminate();
      },
      { openFiles: 400 },
    ));

  it('has an HTTP connection that sends half a request cut off', () =>
    withServer({ AGON_HTTP_TIMEOUT_MS: '500' }, async (server) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((r) => socket.once('connect', r));
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // and never the blank line
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the connection stayed open')), 15_000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }));
});

describe('3. a crowd of watchers', () => {
  it('costs one presence message per member per moment, and is capped per game', () =>
    withServer(
      { AGON_WATCHERS_PER_GAME: '150', AGON_SOCKETS_PER_ADDRESS: '1000' },
      async (server) => {
        const g = await twoPlayers(server.url);
        const watchers: Peer[] = [];
        for (let i = 0; i < 150; i += 50) {
          const batch = await Promise.all(
            Array.from({ length: 50 }, () => Peer.join(server.url, g.id)),
          );
          for (const w of batch) expect(w.state.you).toBeNull();
          watchers.push(...batch.map((w) => w.peer));
        }
        // The next one is turned away, with a reason and a close that says try again later.
        const late = await Peer.open(server.url, g.id);
        late.send({ t: 'hello' });
        expect(await late.error()).toBe('too-many-watchers');
        expect(await late.whenClosed()).toBe(1013);
        const last = await g.white.peer.next('presence', (p) => p.watchers === 150);
        expect(last.online).toEqual({ white: true, black: true });
        // Each arrival did not reach every member: a few messages each, not one per arrival.
        const counts = [g.white.peer, ...watchers].map((p) => p.received('presence'));
        expect(Math.max(...counts)).toBeLessThan(30);
        for (const p of [g.white.peer, g.black.peer, ...watchers]) p.close();
      },
    ));
});

describe('4. a restart', () => {
  it('charges the mover for the thinking before the crash but not for the downtime', async () => {
    const data = dataFolder();
    let server = await startServer(data);
    try {
      const g = await twoPlayers(server.url, { initial: 60_000, increment: 0 });
      g.white.peer.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
      await g.black.peer.event(g.version + 1);
      await sleep(2500); // Black thinks...
      await server.stop('SIGKILL'); // ...the server dies...
      await sleep(4000); // ...and is away a while.
      server = await startServer(data);
      const black = await Peer.join(server.url, g.id, g.tokens.black);
      const left = black.state.game.clock!.black;
      // Charged the 2.5 s of thinking (to within the second between notes of life)...
      expect(left).toBeLessThanOrEqual(58_500);
      // ...but not the 4 s and more that no server was there (which would leave under 54 s).
      expect(left).toBeGreaterThan(55_000);
      black.peer.close();
    } finally {
      await server.stop('SIGKILL');
      remove(data);
    }
  });

  it('re-arms every running clock at start, so a flag falls with nobody connected', async () => {
    const data = dataFolder();
    let server = await startServer(data, { AGON_IDLE_MS: '200' });
    try {
      const g = await twoPlayers(server.url, { initial: 3000, increment: 0 });
      g.white.peer.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
      await g.black.peer.event(g.version + 1);
      await server.stop('SIGKILL');
      server = await startServer(data, { AGON_IDLE_MS: '200' });
      // Loaded at start, before anyone connects...
      expect((await health(server.url)).body.games).toBe(1);
      // ...and gone from memory once its flag fell and nobody came.
      await until(async () => (await health(server.url)).body.games === 0);
      const white = await Peer.join(server.url, g.id, g.tokens.white);
      expect(white.state.game.outcome).toEqual({ winner: 'white', reason: 'timeout' });
      white.peer.close();
    } finally {
      await server.stop('SIGKILL');
      remove(data);
    }
  });
});

describe('5. the flag alarm', () => {
  it('still falls when the wall clock steps back', () =>
    withServer(
      {},
      async (server) => {
        const g = await twoPlayers(server.url, { initial: 1500, increment: 0 });
        g.white.peer.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
        await g.black.peer.event(g.version + 1);
        server.process.kill('SIGUSR2'); // the wall clock goes back a second
        const flagged = await g.white.peer.next('event', (e) => e.event.kind === 'timeout', 10_000);
        expect(flagged.outcome).toEqual({ winner: 'white', reason: 'timeout' });
        g.white.peer.close();
        g.black.peer.close();
      },
      { preload: [fileURLToPath(new URL('./clock-step.mjs', import.meta.url))] },
    ));
});

describe('6. a hello whose socket is gone', () => {
  it('leaves no game in memory', () =>
    withServer({ AGON_IDLE_MS: '200' }, async (server) => {
      for (let i = 0; i < 5; i++) {
        const { id } = (await createGame(server.url, {})).body as Created;
        const ws = await rawSocket(server.url, id);
        if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
        ws.send(JSON.stringify({ t: 'hello' }));
        ws.terminate();
      }
      await until(async () => {
        const { body } = await health(server.url);
        return body.games === 0 && body.sockets === 0;
      });
    }));
});

describe('7. security headers', () => {
  it('forbid framing and sniffing, send no referrer, set a CSP, and keep seat tokens out of caches', () =>
    withServer({}, async (server) => {
      const page = await fetch(server.url);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const created = await fetch(`${server.url}api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('cache-control')).toBe('no-store');
    }));
});

describe('8. a full disk', () => {
  it('does not count against the client, and is logged once per burst without a stack', () =>
    withServer(
      { AGON_MESSAGES_PER_SECOND: '1000' },
      async (server) => {
        const g = await twoPlayers(server.url);
        // Fill the disk with draw offers and refusals until one cannot be stored; the same
        // action can then never be stored again, since nothing frees space.
        let version = g.version;
        let failed: (() => Promise<string>) | undefined;
        for (let i = 0; i < 500 && !failed; i++) {
          const [peer, seat, action] =
            i % 2 === 0
              ? ([g.white.peer, 'white', 'offer'] as const)
              : ([g.black.peer, 'black', 'decline'] as const);
          const attempt = async (): Promise<string> => {
            peer.send({ t: 'draw', seat, action });
            return peer.answer(version + 1);
          };
          const answer = await attempt();
          if (answer === 'event') version++;
          else {
            expect(answer).toBe('server-error');
            failed = attempt;
          }
        }
        expect(failed).toBeDefined();
        // Twice the refusals that close a misbehaving client, all of them the server's fault.
        for (let i = 0; i < 202; i++) expect(await failed!()).toBe('server-error');
        for (const peer of [g.white.peer, g.black.peer]) {
          peer.send({ t: 'ping' });
          await peer.next('pong');
          expect(peer.closed).toBeUndefined();
        }
        const output = server.output();
        expect(
          output.split('\n').filter((l) => l.startsWith('storage')).length,
        ).toBeLessThanOrEqual(1);
        expect(output).not.toMatch(/^\s+at /m);
        g.white.peer.close();
        g.black.peer.close();
      },
      // Above what a fresh server writes as it starts (its schema steps and the house bots, about
      // 530 KiB of log before the first checkpoint), so that the game is made and then fills it.
      { fileSizeKiB: 768 },
    ));
});

describe('9. the smaller ones', () => {
  it('stores and relays the canonical move text, not what was sent', () =>
    withServer({}, async (server) => {
      const g = await twoPlayers(server.url);
      g.white.peer.send({ t: 'move', seat: 'white', move: ' F1-F2', version: g.version });
      expect((await g.black.peer.event(g.version + 1)).event).toEqual({
        kind: 'move',
        seat: 'white',
        move: 'f1-f2',
      });
      const again = await Peer.join(server.url, g.id);
      expect(again.state.game.moves).toEqual(['f1-f2']);
      for (const p of [g.white.peer, g.black.peer, again.peer]) p.close();
    }));

  it('refuses an empty database file instead of starting over with no games', async () => {
    const data = dataFolder();
    try {
      writeFileSync(join(data, DATABASE_FILE), '');
      await expect(startServer(data)).rejects.toThrow(/agon\.sqlite.*empty/);
    } finally {
      remove(data);
    }
  });

  it('names the database file and the cause when it cannot start', async () => {
    const data = dataFolder();
    try {
      const blocker = join(data, 'a-file');
      writeFileSync(blocker, 'not a folder');
      const error = await startServer(join(blocker, 'games')).catch((e: Error) => e);
      expect(String(error)).toContain(join(blocker, 'games', DATABASE_FILE));
      expect(String(error)).toMatch(/ENOTDIR/);
    } finally {
      remove(data);
    }
  });

  it('stops at start on a setting it cannot read, naming it', async () => {
    const data = dataFolder();
    try {
      // A trust it cannot read must not fall back to believing (or ignoring) the header silently.
      await expect(startServer(data, { AGON_TRUST_PROXY: 'yes' })).rejects.toThrow(
        /AGON_TRUST_PROXY: "yes"/,
      );
      await expect(startServer(data, { AGON_IDLE_MS: '-1' })).rejects.toThrow(
        /AGON_IDLE_MS must be a positive number/,
      );
    } finally {
      remove(data);
    }
  });

  it('refuses a second server on the same data', () =>
    withServer({}, async (_server, data) => {
      await expect(startServer(data)).rejects.toThrow(/another server process/);
    }));
});
