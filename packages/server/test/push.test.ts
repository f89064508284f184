// Notifications by Web Push, end to end against a push service of the test's own on loopback
// (AGON_PUSH_LOOPBACK=1 lets the server send to it over http://): the server encrypts each
// notice to the subscribing device's keys, and the device (the test, as a browser would)
// decrypts it. A correspondence game's start and each turn reach the player's devices in their
// language, kinds switched off are not sent, a subscription the push service calls gone is
// forgotten, and what is not a browser's subscription is refused, naming the problem.

import type { Colour } from '@agon/engine';
import type { Identity, Notice, Pace } from '@agon/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { PushService } from '../scripts/push-service.ts';
import { dataFolder, Peer, quietMove, remove, serverFor, startServer } from './harness.ts';
import { LOOPBACK_SPELLINGS } from './loopback.ts';

/** Sends a push request for `token` (none: anonymous); answers the status and JSON body. */
async function push(
  url: string,
  method: 'POST' | 'DELETE',
  body: unknown,
  token?: string,
): Promise<{ status: number; body: { error?: { code: string; message: string } } | undefined }> {
  const response = await fetch(`${url}api/me/push`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Makes a correspondence game of `white` and `black` through the lobby; answers its id. */
async function correspondence(url: string, white: Identity, black: Identity): Promise<string> {
  const addresses = ['198.51.100.7', '198.51.100.8'];
  const [challenger, taker] = (await Promise.all(
    [white, black].map(
      async (p, i) => (await LobbyClient.open(url, p.token, { address: addresses[i] })).client,
    ),
  )) as [LobbyClient, LobbyClient];
  challenger.send({
    t: 'challenge',
    clock: { days: 3 },
    variant: 'standard',
    touchMove: false,
    captorPlacesQueen: false,
    side: 'white',
    rated: false,
  });
  let id = '';
  await taker.lobbyWhere((l) => {
    id = l.challenges.find((c) => c.by.id === white.id)?.id ?? '';
    return id !== '';
  });
  taker.send({ t: 'accept', id });
  const [paired] = await Promise.all([challenger.next('paired'), taker.next('paired')]);
  for (const l of [challenger, taker]) l.close();
  return paired.game;
}

describe('notifications by Web Push', () => {
  const server = serverFor({ AGON_TRUST_PROXY: '1', AGON_PUSH_LOOPBACK: '1' });
  let service: PushService;
  beforeAll(async () => {
    service = await PushService.start();
  });
  afterAll(() => service?.close());

  it('tells the player to move, encrypted to their device, in their language', async () => {
    const [white, black] = await Promise.all([
      newPlayer(server.url, 'en', '198.51.100.7'),
      newPlayer(server.url, 'fi', '198.51.100.8'),
    ]);
    const key = (await (await fetch(`${server.url}api/push/key`)).json()) as { key: string };
    // An uncompressed P-256 point, base64url: what PushManager.subscribe takes.
    expect(Buffer.from(key.key, 'base64url')).toHaveLength(65);
    // Black's phone wants no word of starts; their laptop wants everything.
    const phone = service.device(`/black-phone-${black.id}`);
    const laptop = service.device(`/black-laptop-${black.id}`);
    const subscribed = await push(
      server.url,
      'POST',
      phone.subscription('fi', ['started']),
      black.token,
    );
    expect(subscribed.status).toBe(201);
    expect((await push(server.url, 'POST', laptop.subscription('fi'), black.token)).status).toBe(
      201,
    );

    const game = await correspondence(server.url, white, black);
    // The laptop hears of the start; the phone, asked first, was skipped.
    const start = laptop.read(await service.next(new URL(laptop.endpoint).pathname));
    expect(start).toEqual({
      language: 'fi',
      notice: { kind: 'started', game, opponent: white.name, url: `/g/${game}` },
    });
    expect(service.received.filter((d) => d.t === new URL(phone.endpoint).pathname)).toEqual([]);

    // White moves with Black nowhere near the game: Black's devices are told it is their turn.
    const seat = await Peer.join(server.url, game, white.token);
    const move = quietMove([]);
    seat.peer.send({ t: 'move', seat: 'white' satisfies Colour, move, version: 0 });
    const event = await seat.peer.next('event', (e) => e.version === 1);
    seat.peer.close();
    const delivery = await service.next(new URL(phone.endpoint).pathname);
    // RFC 8291's encoding, a TTL up to the deadline and the urgency of a turn.
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(delivery.headers.urgency).toBe('normal');
    expect(delivery.headers.topic).toBe(game);
    const ttl = Number(delivery.headers.ttl);
    expect(ttl).toBeGreaterThan(3 * 24 * 3600 - 120);
    expect(ttl).toBeLessThanOrEqual(3 * 24 * 3600);
    const told = phone.read(delivery);
    expect(told.language).toBe('fi');
    const turn = told.notice as Extract<Notice, { kind: 'turn' }>;
    expect(turn).toMatchObject({ kind: 'turn', game, opponent: white.name, url: `/g/${game}` });
    expect(event.clock?.running).toBe('black');
    expect(turn.deadline).toBeGreaterThan(Date.now() + 3 * 24 * 3600_000 - 120_000);
    expect(laptop.read(await service.next(new URL(laptop.endpoint).pathname)).notice.kind).toBe(
      'turn',
    );
    // White is told nothing of their own move.
    expect(service.received.some((d) => d.t.includes(white.id))).toBe(false);
  });

  it('forgets a subscription its push service says is gone', async () => {
    const [white, black] = await Promise.all([
      newPlayer(server.url, 'en', '198.51.100.7'),
      newPlayer(server.url, 'ru', '198.51.100.8'),
    ]);
    const gone = service.device(`/gone-${black.id}`);
    const kept = service.device(`/kept-${black.id}`);
    service.answer(new URL(gone.endpoint).pathname, 410);
    for (const device of [gone, kept]) {
      expect((await push(server.url, 'POST', device.subscription('ru'), black.token)).status).toBe(
        201,
      );
    }
    const game = await correspondence(server.url, white, black);
    await service.next(new URL(gone.endpoint).pathname);
    await service.next(new URL(kept.endpoint).pathname);
    const seat = await Peer.join(server.url, game, white.token);
    seat.peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: 0 });
    expect(kept.read(await service.next(new URL(kept.endpoint).pathname)).notice.kind).toBe('turn');
    seat.peer.close();
    // The gone device was forgotten once the start was sent: the turn went to the other alone.
    expect(service.received.filter((d) => d.t === new URL(gone.endpoint).pathname)).toHaveLength(1);
    // Unsubscribing answers alike whether the push service had disowned the endpoint or not,
    // or it was never subscribed: what a push service answered is not the client's to learn.
    for (const endpoint of [gone.endpoint, kept.endpoint, `${service.url}/never-${black.id}`]) {
      expect((await push(server.url, 'DELETE', { endpoint }, black.token)).status).toBe(204);
    }
  });

  it('refuses what is not a browser subscription, and anyone without a token', async () => {
    const player = await newPlayer(server.url, 'hi', '198.51.100.9');
    const device = service.device('/refused');
    const good = device.subscription('hi');
    const refused = async (body: unknown, pattern: RegExp): Promise<void> => {
      const answer = await push(server.url, 'POST', body, player.token);
      expect(answer.status).toBe(400);
      expect(answer.body?.error?.code).toBe('bad-subscription');
      expect(answer.body?.error?.message).toMatch(pattern);
    };
    await refused({ ...good, endpoint: 'ftp://push.example/x' }, /endpoint must be an https/);
    // http:// only to this machine, even where loopback endpoints are allowed.
    await refused({ ...good, endpoint: 'http://push.example/x' }, /endpoint must be an https/);
    await refused(
      { ...good, endpoint: `https://push.example/${'x'.repeat(1000)}` },
      /at most 1000/,
    );
    await refused({ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, /keys\.p256dh/);
    await refused({ ...good, keys: { ...good.keys, auth: 'short' } }, /keys\.auth/);
    await refused({ ...good, keys: { p256dh: good.keys.p256dh } }, /keys\.auth/);
    await refused({ ...good, language: 'de' }, /language must be one of en, fi, ru, hi/);
    await refused({ ...good, off: ['turn', 'turn'] }, /off must list kinds/);
    await refused({ ...good, off: ['news'] }, /off must list kinds/);
    await refused({ ...good, extra: 1 }, /"extra" is not a field/);
    const anonymous = await push(server.url, 'POST', good);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body?.error?.code).toBe('unknown-player');
    expect((await push(server.url, 'DELETE', { endpoint: device.endpoint })).status).toBe(401);
  });

  it('connects to no address of this machine or its networks on a client’s word', async () => {
    const player = await newPlayer(server.url, 'en', '198.51.100.10');
    const good = service.device('/ranges').subscription('en');
    const refused = async (url: string, endpoint: string, pattern: RegExp): Promise<void> => {
      const answer = await push(url, 'POST', { ...good, endpoint }, player.token);
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body?.error?.code).toBe('bad-subscription');
      expect(answer.body?.error?.message, endpoint).toMatch(pattern);
    };
    // Even where the tests' loopback push service is let through, nothing else on the machine's
    // networks is: private, link-local (the cloud's metadata), unique-local, in any spelling.
    for (const host of ['10.0.0.1', '0x0a000001', '192.168.1.1', '172.16.0.1', '[fd00::1]']) {
      await refused(server.url, `https://${host}/push`, /public internet: .* private|unique-local/);
    }
    await refused(server.url, 'https://169.254.169.254/latest', /link-local/);
    await refused(server.url, 'https://[::ffff:169.254.169.254]/x', /link-local/);
    await refused(server.url, 'https://100.64.0.1/x', /shared/);
    await refused(server.url, 'https://0/x', /this network/);
    // A server without the tests' switch refuses every spelling of loopback.
    const folder = dataFolder();
    const closed = await startServer(folder, { AGON_TRUST_PROXY: '1' });
    try {
      const stranger = await newPlayer(closed.url, 'en', '198.51.100.11');
      for (const host of LOOPBACK_SPELLINGS) {
        const answer = await push(
          closed.url,
          'POST',
          { ...good, endpoint: `https://${host}/internal/admin?confirm=yes` },
          stranger.token,
        );
        expect(answer.status, host).toBe(400);
        expect(answer.body?.error?.message, host).toMatch(/loopback/);
      }
    } finally {
      await closed.stop('SIGKILL');
      remove(folder);
    }
  });

  it('keeps a device its own: another player cannot take its endpoint without its keys', async () => {
    const [owner, other] = await Promise.all([
      newPlayer(server.url, 'en', '198.51.100.12'),
      newPlayer(server.url, 'en', '198.51.100.13'),
    ]);
    const device = service.device(`/owned-${owner.id}`);
    expect((await push(server.url, 'POST', device.subscription(), owner.token)).status).toBe(201);
    const thief = service.device('/thief').subscription();
    const taken = await push(
      server.url,
      'POST',
      { ...thief, endpoint: device.endpoint },
      other.token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body?.error?.message).toMatch(/subscribed with other keys/);
    // The browser itself, its keys and all, may pass to another player (it changed hands).
    expect((await push(server.url, 'POST', device.subscription(), other.token)).status).toBe(201);
  });

  it('limits how often a player subscribes', async () => {
    const player = await newPlayer(server.url, 'en', '198.51.100.14');
    const statuses: number[] = [];
    for (let n = 0; n < 25; n++) {
      const body = service.device(`/many-${player.id}-${n}`).subscription();
      statuses.push((await push(server.url, 'POST', body, player.token)).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('buzzes a device for a crowd’s challenges a few times, and never for the same one again', async () => {
    const away = await newPlayer(server.url, 'en', '198.51.100.20');
    const device = service.device(`/away-${away.id}`);
    expect((await push(server.url, 'POST', device.subscription(), away.token)).status).toBe(201);
    // Ten identities of one address challenge the away player again and again, each on two
    // sets of terms by turns, as fast as the lobby lets them.
    const crowd = await Promise.all(
      Array.from({ length: 10 }, () => newPlayer(server.url, 'en', '198.51.100.21')),
    );
    let sent = 0;
    const sockets = await Promise.all(
      crowd.map(
        async (p) =>
          (await LobbyClient.open(server.url, p.token, { address: '198.51.100.21' })).client,
      ),
    );
    await Promise.all(
      sockets.map(async (socket) => {
        for (let round = 0; round < 6; round++) {
          const clock: Pace = round % 2 ? { initial: 300_000, increment: 3000 } : { days: 3 };
          socket.send({
            t: 'challenge',
            to: away.id,
            clock,
            variant: 'standard',
            touchMove: false,
            captorPlacesQueen: false,
            side: 'random',
            rated: false,
          });
          // Placed (the challenger's list shows it), or refused: the next one waits for either.
          const placed = await socket
            .next('direct', (m) =>
              m.challenges.some(
                (c) => c.to?.id === away.id && JSON.stringify(c.clock) === JSON.stringify(clock),
              ),
            )
            .then(
              () => true,
              () => false,
            );
          if (placed) sent++;
        }
      }),
    );
    for (const socket of sockets) socket.close();
    // A game of theirs starting after the crowd is told after every challenge before it.
    const white = await newPlayer(server.url, 'en', '198.51.100.22');
    const game = await correspondence(server.url, white, away);
    const path = new URL(device.endpoint).pathname;
    const told: string[] = [];
    for (;;) {
      const notice = device.read(await service.next(path)).notice;
      if (notice.kind === 'started' && 'game' in notice && notice.game === game) break;
      told.push(
        notice.kind === 'challenge' ? `${notice.from} ${JSON.stringify(notice.pace)}` : notice.kind,
      );
    }
    // The crowd placed many challenges; the device heard of a few.
    expect(sent).toBeGreaterThan(20);
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(4);
    // No challenger on the same terms twice.
    expect(new Set(told).size).toBe(told.length);
  });
});
