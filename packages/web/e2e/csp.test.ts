// The app under the server's Content-Security-Policy (packages/server/src/server.ts): every
// part that the policy could break is used (the service worker, the engine's Web Worker, the
// game's WebSocket, the self-hosted font) and works, and the browser reports no violation.

import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  chooseSetting,
  clickCell,
  describeInChromium,
  moveList,
  newContext,
  openApp,
  waitForTurn,
} from './browser.ts';

/** Collects every CSP violation the page or its console reports, from before the first script. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('agonViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { agonViolation(text: string): void }).agonViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

describeInChromium('the content security policy', (browser) => {
  it('is sent with the page and lets the worker, the service worker and the socket run', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(inject('baseURL'));
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForSelector('[data-cell="f6"]');
    // The service worker installs and takes the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    // The computer answers a move: the engine's Web Worker runs.
    await waitForTurn(page);
    await clickCell(page, 'b1');
    await clickCell(page, 'c2');
    await waitForTurn(page);
    await expect.poll(async () => (await moveList(page)).length).toBe(2);
    // An online game is created and its socket brings the game's state.
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('link', { name: 'Play a friend online' }).click();
    await page.getByRole('button', { name: 'Create the game' }).click();
    await expect
      .poll(() => page.getByTestId('online-status').textContent(), { timeout: 15_000 })
      .toContain('open the link');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('lets the self-hosted font load', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await openApp(page, inject('baseURL'));
    await chooseSetting(page, 'language', 'hi');
    // The page turns Hindi once the font has arrived (or failed to).
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    const loaded = () =>
      page.evaluate(() =>
        [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
      );
    await expect.poll(loaded).toContain('Agon Devanagari');
    expect(violations).toEqual([]);
    await context.close();
  });
});
