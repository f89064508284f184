// The sending side of Web Push under attack, against services of the test's own on loopback:
// endpoints that never answer, answers too large to read, redirects and names that lead back
// to this machine. An honest player's notice goes out while a crowd of silent endpoints is
// still being waited for, players take turns, and only the status of an answer is read.

import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { Notice } from '@agon/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { Device, PushService } from '../scripts/push-service.ts';
import { send } from '../src/common/outbound.ts';
import { Problems } from '../src/common/problems.ts';
import { WebPush } from '../src/push/push.ts';
import type { Subscription, SubscriptionStore } from '../src/push/subscriptions.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A TCP server on loopback that takes connections and never says a word. */
async function silentService(): Promise<{
  url: string;
  /** Connections taken so far, and how many of them the other side has closed. */
  opened: () => number;
  closed: () => number;
}> {
  const sockets = new Set<Socket>();
  let opened = 0;
  let closed = 0;
  const server: Server = createTcpServer((socket) => {
    opened++;
    sockets.add(socket);
    // Read what is sent (and drop it), so the far side's close is seen.
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed++;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    opened: () => opened,
    closed: () => closed,
  };
}

/** An HTTP server on loopback answering each request with `answer`. */
async function httpService(
  answer: Parameters<typeof createServer>[1],
): Promise<{ server: HttpServer; url: string }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A subscription store holding fixed devices per player. */
function storeOf(devices: ReadonlyMap<string, readonly Device[]>): SubscriptionStore {
  const subscription = (player: string, device: Device): Subscription => {
    const { endpoint, keys } = device.subscription('en');
    return { endpoint, ...keys, player, language: 'en', off: [], createdAt: 0 };
  };
  return {
    subscribe: async () => true,
    unsubscribe: async () => true,
    forget: async () => undefined,
    subscriptions: async (player) =>
      (devices.get(player) ?? []).map((d) => subscription(player, d)),
  };
}

/** A notifier sending to `devices`, loopback allowed as for the tests' push service. */
function notifier(devices: ReadonlyMap<string, readonly Device[]>): WebPush {
  const push = new WebPush({
    store: storeOf(devices),
    keys: webPush.generateVAPIDKeys(),
    contact: 'mailto:test@agon.invalid',
    problems: new Problems(Date.now, 60_000, () => undefined),
    now: Date.now,
    loopback: true,
  });
  closers.push(() => push.close());
  return push;
}

const challenge = (n: number): Notice => ({
  kind: 'challenge',
  challenge: `c${n}`,
  from: 'Someone',
  pace: { days: 3 },
  url: '/lobby',
});

describe('sending notices while push services misbehave', () => {
  it('sends an honest player’s notice while eight players’ eighty endpoints stay silent', async () => {
    const silent = await silentService();
    const honest = await PushService.start();
    closers.push(() => honest.close());
    const devices = new Map<string, Device[]>();
    for (let a = 0; a < 8; a++) {
      devices.set(
        `attacker${a}`,
        Array.from({ length: 10 }, (_, d) => new Device(`${silent.url}/a${a}/${d}`)),
      );
    }
    const phone = honest.device('/honest');
    devices.set('honest', [phone]);
    const push = notifier(devices);
    for (let a = 0; a < 8; a++) push.notify(`attacker${a}`, challenge(a));
    await expect.poll(() => silent.opened()).toBe(80);
    push.notify('honest', challenge(99));
    const told = phone.read(await honest.next('/honest'));
    expect(told.notice).toMatchObject({ kind: 'challenge', challenge: 'c99' });
    // Not one silent endpoint has been given up on yet: the honest notice waited for none.
    expect(silent.closed()).toBe(0);
    // Each silent endpoint is given up on in its turn, not held forever.
    await expect.poll(() => silent.closed(), { timeout: 20_000 }).toBe(80);
  });

  it('lets players take turns however many notices one of them has waiting', async () => {
    const service = await PushService.start();
    closers.push(() => service.close());
    const busy = service.device('/busy');
    const other = service.device('/other');
    const push = notifier(
      new Map([
        ['busy', [busy]],
        ['other', [other]],
      ]),
    );
    for (let n = 0; n < 40; n++) push.notify('busy', challenge(n));
    push.notify('other', challenge(99));
    await service.next('/other');
    // The other player's notice went out before most of the busy player's.
    expect(service.received.filter((d) => d.t === '/busy').length).toBeLessThan(5);
    for (let n = 0; n < 40; n++) {
      expect(busy.read(await service.next('/busy')).notice).toMatchObject({ challenge: `c${n}` });
    }
  });
});

describe('a request to a client’s address', () => {
  const request = (signal = AbortSignal.timeout(10_000)) => ({
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([1, 2, 3]),
    loopback: true,
    idleMs: 2_000,
    signal,
  });

  it('reads only the status of an answer, whatever the size of its body', async () => {
    const total = 200 * 1024 * 1024;
    let written = 0;
    let stopped!: () => void;
    const gone = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const { url } = await httpService((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      const more = (): void => {
        while (written < total) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('close', stopped);
      more();
    });
    expect(await send(new URL(`${url}/big`), request())).toBe(201);
    await gone;
    // The connection was closed long before the body was all sent.
    expect(written).toBeLessThan(total / 4);
  });

  it('follows no redirect', async () => {
    const elsewhere = await httpService((_request, response) => response.writeHead(201).end());
    let reached = 0;
    elsewhere.server.on('request', () => reached++);
    const { url } = await httpService((_request, response) =>
      response.writeHead(307, { location: `${elsewhere.url}/admin` }).end(),
    );
    expect(await send(new URL(`${url}/push`), request())).toBe(307);
    expect(reached).toBe(0);
  });

  it('never connects to this machine without the tests’ switch, by name or by number', async () => {
    let reached = 0;
    const { url } = await httpService((_request, response) => {
      reached++;
      response.writeHead(201).end();
    });
    const port = new URL(url).port;
    const closed = { ...request(), loopback: false };
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '[::ffff:127.0.0.1]']) {
      await expect(send(new URL(`http://${host}:${port}/x`), closed), host).rejects.toMatchObject({
        code: 'EFORBIDDEN',
      });
    }
    expect(reached).toBe(0);
    // With the switch, the same service is reached.
    expect(await send(new URL(`http://localhost:${port}/x`), request())).toBe(201);
    expect(reached).toBe(1);
  });
});
