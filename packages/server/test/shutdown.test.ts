// SIGTERM with browsers still connected: every socket is closed with the restart code the page
// reconnects on, the process exits soon after and lets go of the data folder, and a server
// started on the same folder has every game.

import { rmSync } from 'node:fs';
import { RESTART_CLOSE } from '@agon/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newPlayer } from '../scripts/lobby-client.ts';
import { createGame, dataFolder, Peer, type Running, startServer } from './harness.ts';

/** A lobby socket welcomed as a new player, with its close code once it closes. */
async function lobbySocket(url: string): Promise<{ closed: Promise<number> }> {
  const player = await newPlayer(url);
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/lobby/socket`);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const welcomed = new Promise<void>((resolve) =>
    ws.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { t: string }).t === 'welcome') resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ t: 'hello', token: player.token }));
  await welcomed;
  return { closed };
}

describe('a server told to stop while game and lobby sockets are open', () => {
  const running: Running[] = [];
  let data: string | undefined;
  afterEach(async () => {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    running.length = 0;
    if (data) rmSync(data, { recursive: true, force: true });
  });

  it('closes them to be reconnected, exits at once, and a new server has the game', async () => {
    data = dataFolder();
    const first = await startServer(data);
    running.push(first);
    const created = await createGame(first.url, {
      side: 'white',
      clock: { initial: 600_000, increment: 0 },
    });
    const { id, token } = created.body as { id: string; token: string };
    const white = await Peer.join(first.url, id, token);
    const black = await Peer.join(first.url, id);
    const version = black.state.game.version;
    await white.peer.event(version); // Black's join
    white.peer.send({ t: 'move', seat: 'white', move: 'f1-f2', version });
    await black.peer.event(version + 1);
    const lobbies = await Promise.all([lobbySocket(first.url), lobbySocket(first.url)]);

    const exited = new Promise<number | null>((resolve) =>
      first.process.once('exit', (code) => resolve(code)),
    );
    const began = Date.now();
    first.process.kill('SIGTERM');
    const codes = await Promise.all([
      white.peer.whenClosed(),
      black.peer.whenClosed(),
      ...lobbies.map((l) => l.closed),
    ]);
    expect(codes).toEqual([RESTART_CLOSE, RESTART_CLOSE, RESTART_CLOSE, RESTART_CLOSE]);
    expect(await exited).toBe(0);
    // Generous: a closing server waits a couple of seconds at most for its clients.
    expect(Date.now() - began).toBeLessThan(10_000);
    // Nothing went wrong on the way out: no storage closed under a beat, no failure.
    expect(first.output()).not.toMatch(/stopped|error|fail|unheard/i);

    // The folder is free at once, and the game is all there.
    const second = await startServer(data);
    running.push(second);
    const back = await Peer.join(second.url, id, token);
    expect(back.state.you).toBe('white');
    expect(back.state.game.moves).toEqual(['f1-f2']);
    back.peer.close();
  }, 60_000);
});
