// R16 in the browser, as a person meets it: choosing "the captor" in the new-game dialog,
// capturing the computer's queen and choosing her cell (queen first, then the cell, by click,
// tap, keyboard or typed move), the computer choosing the cell of the person's queen, and the
// choice remembered across a reload.

import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  arrowTo,
  describeInChromium,
  loadText,
  moveList,
  newContext,
  openApp,
  press,
  status,
  tabTo,
} from './browser.ts';

/** White to move captures Black's queen with d9-e9: she is taken on f9. */
const WHITE_CAPTURES = '1g1G2/G5g/8/g7G/Q9/8q2/7G2/g3g4/8/G4g1/2G3 w';
/** White's queen was captured on g2 and White, to move, owes her relocation. */
const WHITE_OWES = 'g5/5Gg/1G6/6G2/7q2/2g8/1Q*6G1/g8/8/G5g/2g2G w';

const SLOW = { timeout: 20_000 };

/** Starts a game against the computer (at `level`) in which the captor places a captured queen. */
async function startCaptorGame(page: Page, phone: boolean, level = 3): Promise<void> {
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.locator('#new-level').fill(String(level));
  const captor = page.getByText('The captor (historical)');
  if (phone) await captor.tap();
  else await captor.click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => page.locator('.game-kind').textContent()).toBe('captor places queen');
}

describeInChromium('R16: the captor places a captured queen', (browser) => {
  it('lets the person who captured the computer’s queen choose her cell, on desktop and phone', async () => {
    for (const phone of [false, true]) {
      const context = await newContext(browser(), phone);
      const page = await context.newPage();
      await openApp(page, inject('baseURL'));
      await startCaptorGame(page, phone);
      await loadText(page, WHITE_CAPTURES);
      await press(page, 'd9', phone);
      await press(page, 'e9', phone);
      await expect
        .poll(() => status(page))
        .toContain(`You captured the computer’s queen: ${phone ? 'tap' : 'click'} any empty cell`);
      // Black's turn, but the person chooses: the computer does not think, the vacant cells
      // are marked, and the person's card says what they do.
      await expect.poll(() => page.getByTestId('thinking').count()).toBe(0);
      await expect.poll(() => page.locator('.cell.dest').count()).toBeGreaterThan(60);
      await expect
        .poll(() => page.getByTestId('player-white').textContent())
        .toContain('places the queen');
      await page.screenshot({ path: `${ARTIFACTS}captor-${phone ? 'phone' : 'desktop'}.png` });
      // As a person does: the captured queen first (already picked up), then the cell.
      await press(page, 'f9', phone);
      await press(page, 'a1', phone);
      await expect
        .poll(() => page.locator('[data-piece="black-queen"]').getAttribute('data-at'))
        .toBe('a1');
      // The board draws the move first; the move list and the status line follow.
      await expect.poll(() => moveList(page)).toEqual(['d9-e9', 'f9@a1']);
      await expect
        .poll(() => status(page))
        .toBe('You: relocates the captured queen from f9 to a1 (f9@a1). Your move.');
      // The placement was Black's turn: White, the person, moves again.
      await expect.poll(() => page.locator('.cell.origin').count()).toBeGreaterThan(0);
      await context.close();
    }
  });

  it('takes the placement by keyboard and typed, and keeps the rule after a reload', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await startCaptorGame(page, false);
    const capture = async () => {
      await loadText(page, WHITE_CAPTURES);
      await press(page, 'd9', false);
      await press(page, 'e9', false);
      await expect.poll(() => status(page)).toContain('You captured the computer’s queen');
    };
    // By keyboard: to the board, the arrows to the cell, Enter (the queen is picked up already).
    await capture();
    await tabTo(page, '.board-host [role="gridcell"][tabindex="0"]');
    await arrowTo(page, 'b2');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-piece="black-queen"]').getAttribute('data-at'))
      .toBe('b2');
    // Typed in notation.
    await capture();
    await page.locator('details.type-move summary').click();
    await page.locator('#typed-move').fill('f9@f6');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-piece="black-queen"]').getAttribute('data-at'))
      .toBe('f6');
    await page.reload();
    await page.waitForSelector('[data-cell="f6"]');
    await expect.poll(() => moveList(page)).toEqual(['d9-e9', 'f9@f6']);
    await expect.poll(() => page.locator('.game-kind').textContent()).toBe('captor places queen');
    await page.getByRole('button', { name: 'New game' }).first().click();
    await expect
      .poll(() => page.getByRole('radio', { name: 'The captor (historical)' }).isChecked())
      .toBe(true);
    await context.close();
  });

  it('has the computer choose where the person’s captured queen goes', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    // Level 10 thinks for two seconds: long enough to read what the status line says meanwhile.
    await startCaptorGame(page, false, 10);
    await loadText(page, WHITE_OWES);
    // White's turn, but the computer chooses: nothing of the person's can be moved meanwhile.
    await expect
      .poll(() => status(page))
      .toContain('The computer captured your queen and chooses where she goes (R16).');
    await expect.poll(() => page.locator('.cell.origin').count()).toBe(0);
    await expect.poll(() => page.getByTestId('thinking').count()).toBe(1);
    await expect.poll(() => moveList(page), SLOW).toHaveLength(2);
    const [placement] = await moveList(page);
    expect(placement).toMatch(/^g2@/);
    await expect
      .poll(() => page.locator('[data-piece="white-queen"]').getAttribute('data-at'))
      .toBe(placement!.slice(3));
    // Then Black's own turn, and White's: the person may move again.
    await expect.poll(() => page.locator('.cell.origin').count(), SLOW).toBeGreaterThan(0);
    await context.close();
  });
});
