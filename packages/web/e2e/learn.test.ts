// The rules page (every rule R1-R15, with its diagrams) and the tutorial: lessons on a real
// board that accept the move they ask for and say why another fails.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clickCell, HAVE_CHROMIUM, launch, newContext } from './browser.ts';

async function open(page: Page, hash: string, testId: string): Promise<void> {
  await page.goto(`${inject('baseURL')}${hash}`);
  await page.getByTestId(testId).waitFor();
}

describe.skipIf(!HAVE_CHROMIUM)('rules and tutorial', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('explains every rule with diagrams, in each language', async () => {
    for (const lang of ['en', 'fi', 'ru', 'hi']) {
      const context = await newContext(browser, false, lang);
      const page = await context.newPage();
      await open(page, '#rules', 'rules');
      const rules = await page.locator('.rule h4 .rule-number').allTextContents();
      expect(rules).toEqual(Array.from({ length: 15 }, (_, i) => `R${i + 1}`));
      const names = await page
        .locator('.diagram svg[role=img]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(names).toHaveLength(9);
      for (const name of names) expect(name.length).toBeGreaterThan(20);
      // The contents move the keyboard to the section they name.
      await page.locator('.contents button').nth(3).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('end');
      await context.close();
    }
  });

  it('teaches by lessons: wrong moves are explained, the right one moves on', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await open(page, '#tutorial', 'tutorial');
    const feedback = () => page.getByTestId('tutorial-feedback').textContent();
    // Lesson 1: a sideways step is legal but not what is asked.
    await clickCell(page, 'b1');
    await clickCell(page, 'a1');
    await expect.poll(feedback).toMatch(/sideways/);
    expect(await page.locator('[data-piece="white-guard"][data-at="b1"]').count()).toBe(1);
    await clickCell(page, 'b1');
    await clickCell(page, 'c2');
    await expect.poll(feedback).toMatch(/^Well done/);
    await page.getByRole('button', { name: 'Next lesson' }).click();
    // Lesson 2: a guard may not enter the throne (R7).
    await clickCell(page, 'g5');
    await clickCell(page, 'f6');
    await expect.poll(feedback).toBe('Only a queen may enter the throne f6 (R7).');
    await clickCell(page, 'e5');
    await clickCell(page, 'f6');
    await expect.poll(feedback).toMatch(/queen is on the throne/);
    await page.getByRole('button', { name: 'Next lesson' }).click();
    // Lesson 3: the forbidden cell is refused with the rule that forbids it (R8).
    await clickCell(page, 'k1');
    await clickCell(page, 'k2');
    await expect.poll(feedback).toMatch(/k2 lies between two Black pieces.*\(R8\)/);
    // The refused piece is still picked up: its allowed step follows.
    await clickCell(page, 'l1');
    await expect.poll(feedback).toMatch(/^Right/);
    expect(await page.locator('.lesson h3').textContent()).toBe('A forbidden cell');
    await context.close();
  });

  it('runs the lessons in Russian too, down to the last one', async () => {
    const context = await newContext(browser, false, 'ru');
    const page = await context.newPage();
    await open(page, '#tutorial', 'tutorial');
    const feedback = () => page.getByTestId('tutorial-feedback').textContent();
    for (let i = 0; i < 7; i++) await page.getByRole('button', { name: 'Следующий урок' }).click();
    expect(await page.locator('.progress').textContent()).toBe('Урок 8 из 8');
    await clickCell(page, 'h5');
    await clickCell(page, 'g6');
    await expect.poll(feedback).toMatch(/^Стоп: так кольцо замкнётся при пустом троне/);
    await clickCell(page, 'h6');
    await clickCell(page, 'g6');
    await expect.poll(feedback).toMatch(/^Без риска/);
    await page.getByRole('button', { name: 'Следующий урок' }).click();
    expect(await page.locator('.lesson h3').textContent()).toMatch(/последний урок/);
    await context.close();
  });
});
