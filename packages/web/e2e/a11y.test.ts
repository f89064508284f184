// Every screen checked by axe-core (WCAG 2.2 A and AA and best practices: no violation), in
// each language and the high-contrast theme, with a screenshot of each at desktop and phone
// size; and the language chosen from the browser, switched, kept and told to the page.

import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  type AxeSummary,
  chooseSetting,
  clickCell,
  describeInChromium,
  goToPage,
  loadText,
  newContext,
  openApp,
  runAxe,
  SLOW,
  waitForTurn,
} from './browser.ts';

// Black to move, but White's queen is on the throne inside six White guards: the game is over.
const WON_APN = '1g4/6g/8/g8/4GG4/4GQG3q/4GG4/g8/8/6g/1g4 b';

const LANGUAGES = ['en', 'fi', 'ru', 'hi'] as const;

describeInChromium('accessibility and languages', (browser) => {
  const results: Record<string, { violations: number; passes: number }> = {};
  afterAll(() => {
    writeFileSync(`${ARTIFACTS}axe.json`, `${JSON.stringify(results, null, 2)}\n`);
    console.log('axe', results);
  });

  /** Runs axe on a screen, keeps the count, and asserts that nothing failed. */
  async function check(page: Page, screen: string): Promise<void> {
    const summary: AxeSummary = await runAxe(page);
    results[screen] = { violations: summary.violations.length, passes: summary.passes };
    expect({ screen, violations: summary.violations }).toEqual({ screen, violations: [] });
  }

  async function shoot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
  }

  it('passes axe on every screen in English, desktop and phone', async () => {
    for (const phone of [false, true]) {
      const size = phone ? 'phone' : 'desktop';
      const context = await newContext(browser(), phone);
      const page = await context.newPage();
      await openApp(page, inject('baseURL'));
      await waitForTurn(page);
      await check(page, `play/en/${size}`);
      await page.getByRole('button', { name: 'New game' }).click();
      // The dialog's code is fetched when it first opens: check it once it is there.
      await page.getByTestId('new-game').waitFor();
      await check(page, `new-game/en/${size}`);
      await shoot(page, `new-game-en-${size}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('new-game').waitFor({ state: 'hidden' });
      await loadText(page, 'not a record');
      await page.getByTestId('load-error').waitFor();
      await check(page, `save-load/en/${size}`);
      await shoot(page, `save-load-en-${size}`);
      await page.keyboard.press('Escape');
      await loadText(page, WON_APN);
      await page.getByTestId('result').waitFor();
      await check(page, `result/en/${size}`);
      await shoot(page, `result-en-${size}`);
      await page.keyboard.press('Escape');
      await goToPage(page, 'rules');
      await page.getByTestId('rules').waitFor();
      await check(page, `rules/en/${size}`);
      await goToPage(page, 'tutorial');
      await page.getByTestId('tutorial').waitFor();
      await clickCell(page, 'b1');
      await clickCell(page, 'a1');
      await check(page, `tutorial/en/${size}`);
      await shoot(page, `tutorial-en-${size}`);
      await context.close();
    }
  });

  it('passes axe on every screen in the dark theme, desktop and phone', async () => {
    for (const phone of [false, true]) {
      const size = phone ? 'phone' : 'desktop';
      const context = await newContext(browser(), phone);
      const page = await context.newPage();
      // The default theme follows the device: a device in dark mode gets the dark palette.
      await page.emulateMedia({ colorScheme: 'dark' });
      await openApp(page, inject('baseURL'));
      await waitForTurn(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await clickCell(page, 'b1');
      await check(page, `play/dark/${size}`);
      await page.getByRole('button', { name: 'New game' }).click();
      await page.getByTestId('new-game').waitFor();
      await check(page, `new-game/dark/${size}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('new-game').waitFor({ state: 'hidden' });
      await loadText(page, WON_APN);
      await page.getByTestId('result').waitFor();
      await check(page, `result/dark/${size}`);
      await page.keyboard.press('Escape');
      for (const name of ['analysis', 'rules', 'tutorial'] as const) {
        await goToPage(page, name);
        await page.getByTestId(name).waitFor();
        await check(page, `${name}/dark/${size}`);
      }
      await context.close();
    }
  });

  it('passes axe on the lobby and the player page, light and dark, desktop and phone', async () => {
    // Someone else's open challenge, so the list has a row to accept.
    const maker = await (await newContext(browser())).newPage();
    await maker.goto(new URL('/lobby', inject('baseURL')).href);
    await expect.poll(() => maker.getByTestId('create-challenge').isEnabled(), SLOW).toBe(true);
    await maker.getByTestId('create-challenge').click();
    await maker.getByRole('button', { name: 'Create the challenge' }).click();
    await maker.getByRole('button', { name: 'Cancel your challenge' }).waitFor(SLOW);
    for (const look of ['light', 'dark'] as const) {
      for (const phone of [false, true]) {
        const size = phone ? 'phone' : 'desktop';
        const context = await newContext(browser(), phone);
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme: look });
        await page.goto(new URL('/lobby', inject('baseURL')).href);
        await page.getByRole('button', { name: /^Accept the challenge of / }).waitFor(SLOW);
        await check(page, `lobby/${look}/${size}`);
        await shoot(page, `lobby-${look}-${size}`);
        await page.getByTestId('create-challenge').click();
        await page.getByTestId('challenge-dialog').waitFor();
        await check(page, `challenge/${look}/${size}`);
        await page.keyboard.press('Escape');
        await page.goto(new URL('/me', inject('baseURL')).href);
        await page.getByTestId('rating-blitz').waitFor(SLOW);
        await page.getByTestId('me').waitFor(SLOW);
        await check(page, `me/${look}/${size}`);
        await shoot(page, `me-${look}-${size}`);
        await context.close();
      }
    }
    await maker.context().close();
  });

  it('passes axe on the puzzle page, light and dark, desktop and phone, and in each language', async () => {
    for (const look of ['light', 'dark'] as const) {
      for (const phone of [false, true]) {
        const size = phone ? 'phone' : 'desktop';
        const context = await newContext(browser(), phone);
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme: look });
        await page.goto(new URL('/puzzles', inject('baseURL')).href);
        await expect
          .poll(() => page.getByTestId('puzzle-status').textContent())
          .toBe('Find the best move.');
        await check(page, `puzzles/${look}/${size}`);
        await shoot(page, `puzzles-${look}-${size}`);
        await page.getByTestId('see-solution').click();
        await page.getByTestId('solution-forward').click();
        await check(page, `puzzle-solution/${look}/${size}`);
        await page.getByTestId('next-puzzle').click();
        await expect
          .poll(() => page.getByTestId('puzzle-status').textContent())
          .toBe('Find the best move.');
        await page.getByTestId('theme-filter').click();
        await page.getByTestId('theme-options').waitFor();
        await check(page, `puzzle-themes/${look}/${size}`);
        await shoot(page, `puzzle-themes-${look}-${size}`);
        await page.keyboard.press('Escape');
        await page.getByRole('radio', { name: 'Streak' }).check();
        await page.getByTestId('puzzle-streak').waitFor();
        await check(page, `puzzle-streak/${look}/${size}`);
        await page.getByRole('radio', { name: 'Storm' }).check();
        await page.getByTestId('storm-card').waitFor();
        await check(page, `puzzle-storm/${look}/${size}`);
        await page.getByTestId('storm-start').click();
        await page.getByTestId('storm-clock').waitFor();
        await expect
          .poll(() => page.getByTestId('puzzle-status').textContent())
          .toBe('Find the best move.');
        await check(page, `puzzle-storm-run/${look}/${size}`);
        await shoot(page, `puzzle-storm-${look}-${size}`);
        await page.goto(new URL('/puzzles/dashboard', inject('baseURL')).href);
        await page.getByTestId('dashboard').waitFor();
        await check(page, `puzzle-dashboard/${look}/${size}`);
        await shoot(page, `puzzle-dashboard-${look}-${size}`);
        await context.close();
      }
    }
    for (const lang of LANGUAGES) {
      const context = await newContext(browser(), false, lang);
      const page = await context.newPage();
      await page.goto(new URL('/puzzles', inject('baseURL')).href);
      await page.getByTestId('puzzle-task').waitFor();
      await check(page, `puzzles/${lang}`);
      await page.goto(new URL('/puzzles/storm', inject('baseURL')).href);
      await page.getByTestId('storm-card').waitFor();
      await check(page, `puzzle-storm/${lang}`);
      await page.goto(new URL('/puzzles/dashboard', inject('baseURL')).href);
      await page.getByTestId('dashboard').waitFor();
      await check(page, `puzzle-dashboard/${lang}`);
      await context.close();
    }
  });

  it('passes axe on the play screen in every language and the high-contrast theme', async () => {
    for (const lang of LANGUAGES) {
      for (const phone of [false, true]) {
        const size = phone ? 'phone' : 'desktop';
        const context = await newContext(browser(), phone, lang);
        const page = await context.newPage();
        await openApp(page, inject('baseURL'));
        await waitForTurn(page);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await check(page, `play/${lang}/${size}`);
        await shoot(page, `play-${lang}-${size}`);
        if (!phone) {
          await goToPage(page, 'rules');
          await page.getByTestId('rules').waitFor();
          await check(page, `rules/${lang}/${size}`);
          await shoot(page, `rules-${lang}-${size}`);
        }
        await context.close();
      }
    }
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await chooseSetting(page, 'theme', 'contrast');
    await waitForTurn(page);
    await clickCell(page, 'b1');
    await check(page, 'play/en/desktop/high-contrast');
    await shoot(page, 'play-en-desktop-contrast');
    await context.close();
  });

  it('switches language from the menu, tells the page, and keeps the choice', async () => {
    const context = await newContext(browser(), false, 'fi-FI');
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    const lang = () => page.evaluate(() => document.documentElement.lang);
    expect(await lang()).toBe('fi');
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('Sinun siirtosi.');
    await chooseSetting(page, 'language', 'ru');
    await expect.poll(lang).toBe('ru');
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('Ваш ход.');
    // Moves and refusals are announced in the new language, in the live region.
    await clickCell(page, 'b1');
    await clickCell(page, 'b3');
    await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^Клетки b1 и b3/);
    await page.reload();
    await openApp(page, inject('baseURL'));
    expect(await lang()).toBe('ru');
    await expect.poll(() => page.getByRole('button', { name: 'Новая игра' }).count()).toBe(1);
    await chooseSetting(page, 'language', 'hi');
    await expect.poll(lang).toBe('hi');
    // The Devanagari font came with the language, from this server.
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
    });
    expect(fonts).toContain('Agon Devanagari');
    await context.close();
  });
});
