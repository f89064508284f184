// Notifications in Chromium with the app's real service worker: the question on a
// correspondence game's page, the subscription handed to the server, a turn pushed to the
// device when the opponent moves, and a push delivered to the service worker (through
// Chromium's DevTools protocol) shown in the player's language. Chromium here has no push
// service of its own, so the page's PushManager hands out a subscription to the test's push
// service on loopback (the server's PushService, with the device's keys): everything from the
// subscription on is the app's and the server's own.

import type { NoticeKind, PushPayload } from '@agon/protocol';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { PushService } from '../../server/scripts/push-service.ts';
import {
  describeInChromium,
  gameId,
  lobbyName,
  newContext,
  newNetwork,
  openLobby,
  playFirstTurn,
  SLOW,
} from './browser.ts';

let service: PushService;
beforeAll(async () => {
  service = await PushService.start();
});
afterAll(() => service?.close());

/**
 * Gives `context`'s pages a PushManager whose subscription is `subscription` (kept in local
 * storage, as a browser keeps its own), noting the server key it was asked for.
 */
async function fakePushService(
  context: BrowserContext,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript((sub) => {
    const make = () => ({
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('test.push');
        return true;
      },
    });
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      localStorage.setItem('test.push', String(options?.applicationServerKey));
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem('test.push') === null ? null : make()) as PushSubscription | null;
  }, subscription);
}

describeInChromium('notifications', (browser) => {
  it('asks on a correspondence game, tells the player of the move, and shows a push in their language', async () => {
    const base = inject('baseURL');
    const device = service.device('/black-device');
    const white = await (await newContext(browser(), false, 'en-GB', newNetwork())).newPage();
    const blackContext = await newContext(browser(), false, 'fi-FI', newNetwork());
    await blackContext.grantPermissions(['notifications']);
    await fakePushService(blackContext, device.subscription('fi'));
    const black = await blackContext.newPage();
    await openLobby(white);
    await openLobby(black);
    // Black's pages come from the address of Black's own relay to the server.
    const origin = new URL(black.url()).origin;
    const name = await lobbyName(white);

    await white.getByTestId('create-challenge').click();
    const dialog = white.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: 'Correspondence' }).check();
    // The days take the minutes' place once the pace is correspondence.
    await dialog
      .getByRole('group', { name: 'Days per move' })
      .getByRole('radio', { name: '3', exact: true })
      .check();
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await white.getByRole('button', { name: 'Create the challenge' }).click();
    const row = black.getByTestId('challenge').filter({ hasText: name });
    await row.waitFor(SLOW);
    await row.getByRole('button').click();
    const [game] = await Promise.all([gameId(white), gameId(black)]);

    // Black, seated in a game of days, is asked once; "Yes" subscribes this device.
    const prompt = black.getByTestId('push-prompt');
    await prompt.waitFor(SLOW);
    expect(await prompt.textContent()).toContain('Haluatko ilmoituksen, kun on sinun siirtosi?');
    await prompt.getByRole('button', { name: 'Kyllä' }).click();
    await expect.poll(() => prompt.count(), SLOW).toBe(0);
    // The browser was asked to subscribe with the server's key.
    const { key } = (await (await fetch(`${base}api/push/key`)).json()) as { key: string };
    expect(await black.evaluate(() => localStorage.getItem('test.push'))).toBe(key);

    // White moves: the server pushes Black's turn to the device, encrypted to its keys.
    await playFirstTurn(white);
    const told = device.read(await service.next('/black-device'));
    expect(told.language).toBe('fi');
    expect(told.notice).toMatchObject({ kind: 'turn', game, url: `/g/${game}` });

    // The settings menu lists each kind, on; switching one off tells the server.
    await black.getByTestId('settings').click();
    const notices = black.getByTestId('notices');
    const kinds: NoticeKind[] = ['turn', 'challenge', 'accepted', 'started', 'ended', 'seeking'];
    for (const kind of kinds) {
      expect(await notices.getByTestId(`notice-${kind}`).getAttribute('aria-pressed')).toBe('true');
    }
    await notices.getByTestId('notice-ended').click();
    await expect
      .poll(() => notices.getByTestId('notice-ended').getAttribute('aria-pressed'))
      .toBe('false');

    // A push delivered to the service worker is shown, worded in Finnish, the language the
    // device subscribed in.
    // The worker in charge of the page, its files stored, takes the push.
    await black.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    const cdp = await blackContext.newCDPSession(black);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload: PushPayload = {
      language: 'fi',
      notice: {
        kind: 'ended',
        game: 'abcdefghij',
        opponent: name,
        result: 'win',
        url: '/g/abcdefghij',
      },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registration,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      black.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    await expect.poll(shown, SLOW).toEqual([
      {
        title: 'Voitit',
        body: `Vastassa ${name}.`,
        tag: '/g/abcdefghij',
        data: { url: '/g/abcdefghij' },
      },
    ]);
  });
});
