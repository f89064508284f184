// Install and offline: the manifest and icons, the whole app stored by the service worker on
// the first visit, then a reload with the network cut that still plays against the computer,
// in another language, with the rules; and an update that waits for the player's word.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Searcher } from '@agon/engine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  chooseSetting,
  clickCell,
  describeInChromium,
  goToPage,
  moveList,
  newContext,
  openApp,
  playEngineTurn,
  seeded,
  waitForTurn,
} from './browser.ts';

// The served build's service worker: another build's when AGON_WEB_ROOT names it, as for the server.
const SW = `${process.env.AGON_WEB_ROOT || fileURLToPath(new URL('../dist/', import.meta.url))}/sw.js`;

/** Waits until the service worker has stored the app and controls the page. */
async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

/** A fresh visit, once the app is stored, after White's first move and the computer's reply. */
async function installedAfterOneMove(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await openApp(page, inject('baseURL'));
  await installed(page);
  await waitForTurn(page);
  await clickCell(page, 'b1');
  await clickCell(page, 'c2');
  await waitForTurn(page);
  return { context, page };
}

describeInChromium('install and offline', (browser) => {
  it('is installable: a manifest with a name, a start URL and icons that load', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
    expect(manifest).toMatchObject({ name: 'Agon', start_url: '/', display: 'standalone' });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const type = await page.evaluate(
        async (src) => (await fetch(src)).headers.get('content-type'),
        icon.src,
      );
      expect(type).toContain(icon.type);
    }
    await installed(page);
    const stored = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('agon-'))!);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    // Every language, the rules and the tutorial, the font and the engine are stored.
    for (const part of ['/', 'Learn-', 'fi-', 'ru-', 'hi-', '.woff2', 'engine.worker-']) {
      expect(stored.some((p) => p === part || p.includes(part))).toBe(true);
    }
    await context.close();
  });

  it('loads and plays with the network cut after the first visit', async () => {
    const { context, page } = await installedAfterOneMove(browser());
    await expect.poll(() => moveList(page)).toHaveLength(2);
    const moves = await moveList(page);

    await context.setOffline(true);
    await page.reload();
    await openApp(page, inject('baseURL'));
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toEqual(moves);
    // Another language, its font and the rules page all come from the store.
    await chooseSetting(page, 'language', 'hi');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await goToPage(page, 'rules');
    await expect.poll(() => page.locator('.rules h2').textContent()).toBe('Agon के नियम');
    await expect.poll(() => page.locator('.diagram svg').count()).toBe(12);
    await page.screenshot({ path: `${ARTIFACTS}offline-rules-hi.png` });
    // The puzzle page and its set come from the store as well.
    await page.goto(new URL('/puzzles', inject('baseURL')).href);
    await expect
      .poll(() => page.getByTestId('puzzle-status').textContent())
      .toBe('सबसे अच्छी चाल खोजें।');
    await openApp(page, inject('baseURL'));
    await goToPage(page, 'play');
    const random = seeded(5);
    const searcher = new Searcher(4);
    for (let i = 0; i < 2; i++) {
      await waitForTurn(page);
      await playEngineTurn(page, searcher, 'white', 3, random);
    }
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toHaveLength(6);
    await context.close();
  });

  it('lets an update wait until the player chooses it, and keeps the game through it', async () => {
    const { context, page } = await installedAfterOneMove(browser());
    // A marker in the running page: it survives as long as the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const original = readFileSync(SW, 'utf8');
    const files = [SW, `${SW}.br`, `${SW}.gz`].map((path) => [path, readFileSync(path)] as const);
    try {
      const next = original.replace(/"version":"([0-9a-f]+)"/, '"version":"0000$1"');
      expect(next).not.toBe(original);
      writeFileSync(SW, next);
      writeFileSync(`${SW}.br`, new Uint8Array(brotliCompressSync(new TextEncoder().encode(next))));
      writeFileSync(`${SW}.gz`, new Uint8Array(gzipSync(new TextEncoder().encode(next))));
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await registration.update();
      });
      await page.getByTestId('update').waitFor({ timeout: 20_000 });
      // The game goes on under the old version while the new one waits.
      await clickCell(page, 'k1');
      await clickCell(page, 'i2');
      await waitForTurn(page);
      await expect.poll(() => moveList(page)).toHaveLength(4);
      const moves = await moveList(page);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker))
        .toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}update-waiting.png` });
      await page.getByRole('button', { name: 'Update now' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker))
        .toBeUndefined();
      await openApp(page, inject('baseURL'));
      await waitForTurn(page);
      await expect.poll(() => moveList(page)).toEqual(moves);
      await expect.poll(() => page.getByTestId('update').count()).toBe(0);
    } finally {
      for (const [path, data] of files) writeFileSync(path, new Uint8Array(data));
    }
    await context.close();
  });
});
