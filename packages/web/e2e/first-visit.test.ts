// What a newcomer found wrong on a first visit, as they met it: the correspondence form with no
// days chosen, a challenge's words broken in the middle, names cut short beside a days clock,
// a puzzle's explanation squeezed into a small box, and the puzzle modes that left their row.

import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, gameId, newContext, newNetwork, openLobby, SLOW } from './browser.ts';

/** The words of `where` that the browser broke over two lines (none when words stay whole). */
function brokenWords(where: Locator): Promise<string[]> {
  return where.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** This page's player, as the browser keeps it. */
const me = (page: Page): Promise<{ id: string; token: string }> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('agon.player') ?? '{}'));

describeInChromium('a newcomer’s first visit', (browser) => {
  it('finds the default days chosen in the correspondence form', async () => {
    const page = await (await newContext(browser())).newPage();
    await openLobby(page);
    await page.getByTestId('create-challenge').click();
    const dialog = page.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: 'Correspondence' }).check();
    await expect.poll(() => dialog.locator('.challenge-class').textContent()).toContain('3 days');
    expect(
      await dialog
        .getByRole('group', { name: 'Days per move' })
        .getByRole('radio', { name: '3', exact: true })
        .isChecked(),
    ).toBe(true);
    await page.context().close();
  });

  it('reads a challenge whole in every language, and the names beside the days clocks', async () => {
    const maker = await (await newContext(browser(), false, 'en-GB', newNetwork())).newPage();
    await openLobby(maker);
    // A long name, which the cards beside a days clock once cut short.
    const makerName = 'Bartholomew Quill 42';
    const renamed = await maker.evaluate(
      async ({ token, name }) =>
        (
          await fetch('/api/me', {
            method: 'PATCH',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          })
        ).status,
      { token: (await me(maker)).token, name: makerName },
    );
    expect(renamed).toBe(200);

    let taker: Page | undefined;
    for (const locale of ['hi-IN', 'ru-RU', 'fi-FI', 'en-GB']) {
      taker = await (await newContext(browser(), false, locale, newNetwork())).newPage();
      await openLobby(taker);
      await maker.goto(`/p/${(await me(taker)).id}`);
      await maker.getByRole('button', { name: /^Challenge / }).click(SLOW);
      const dialog = maker.getByTestId('challenge-dialog');
      await dialog.getByRole('radio', { name: 'Correspondence' }).check();
      await dialog.getByRole('button', { name: 'Send the challenge' }).click();
      await maker.getByTestId('outgoing-challenge').first().waitFor(SLOW);

      const offered = taker.getByTestId('incoming-challenge');
      await offered.waitFor(SLOW);
      for (const width of [1280, 360]) {
        await taker.setViewportSize({ width, height: 800 });
        expect(await brokenWords(offered), `${locale} at ${width} px`).toEqual([]);
        // Declining asks why: the widest the row gets.
        await offered.locator('.direct-actions button').first().click();
        expect(await brokenWords(offered), `${locale} at ${width} px, declining`).toEqual([]);
        await offered.locator('.direct-decline button').first().click();
      }
    }

    // The last taker accepts: a game of days, where each card shows the whole name.
    if (!taker) throw new Error('no taker');
    await taker.setViewportSize({ width: 1280, height: 800 });
    await taker
      .getByTestId('incoming-challenge')
      .getByRole('button', { name: `Accept the challenge of ${makerName}` })
      .click();
    await gameId(taker);
    const card = taker.getByTestId('player-white').or(taker.getByTestId('player-black'));
    await expect.poll(() => card.getByRole('link', { name: makerName }).count(), SLOW).toBe(1);
    const link = card.getByRole('link', { name: makerName });
    expect(await link.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await brokenWords(link)).toEqual([]);
    await maker.context().close();
  });

  it('reads a solved puzzle’s explanation whole, without scrolling a box', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto('/puzzles');
    await page.getByTestId('see-solution').click();
    const forward = page.getByTestId('solution-forward');
    await expect.poll(() => forward.isEnabled()).toBe(true);
    while (await forward.isEnabled()) await forward.click({ force: true });
    const about = page.getByTestId('puzzle-about');
    await about.waitFor();
    expect(await about.evaluate((e) => e.scrollHeight <= e.clientHeight)).toBe(true);
    await page.context().close();
  });

  it('keeps the puzzle modes one row of whole words, the daily one named in full', async () => {
    const daily = { 'fi-FI': 'Päivän tehtävä', 'ru-RU': 'Задача дня', 'hi-IN': 'आज की पहेली' };
    for (const [locale, name] of Object.entries(daily)) {
      const page = await (await newContext(browser(), false, locale)).newPage();
      await page.goto('/puzzles');
      const modes = page.locator('.puzzle-modes .segmented');
      await expect.poll(() => modes.getByRole('radio', { name }).count()).toBe(1);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const tops = await modes
          .locator('label')
          .evaluateAll((labels) => new Set(labels.map((l) => l.getBoundingClientRect().top)).size);
        expect(tops, `${locale} at ${width} px`).toBe(1);
        expect(await brokenWords(modes), `${locale} at ${width} px`).toEqual([]);
      }
      await page.context().close();
    }
  });
});
