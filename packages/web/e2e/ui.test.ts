// Captures, relocations, R8 explanations, reload, two people, and a bad file, through the UI.

import { Searcher } from '@agon/engine';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  cellsWith,
  clickCell,
  describeInChromium,
  loadText,
  moveList,
  newContext,
  openApp,
  pieces,
  playEngineTurn,
  playTurn,
  seeded,
  waitForTurn,
} from './browser.ts';

// White to move; a5-b6 captures the Black guard between b6 and White's guard beyond it.
const CAPTURE_APN = '4G1/G6/3g2g1/g6G1/10/11/Q8q/g7G/8/1G4g/1g2G1 w';
// White to move with a captured guard on e9: the turn must relocate it to the outer ring (R10).
const RELOCATE_APN = '1g4/1G1G3/8/7g1/Q1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w';
// White to move; k2 lies between two Black pieces, so the guard on k1 may not step there (R8).
const FORBIDDEN_APN = '1g3G/6g/1G6/g7G/10/Q9q/10/7G1/1g5g/G6/1g2G1 w';

const status = (page: Page) => page.getByTestId('status').textContent();

describeInChromium('the app through its UI', (browser) => {
  it('makes a capture, sees the computer relocate, and relocates a captured piece', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await loadText(page, CAPTURE_APN);
    await waitForTurn(page);
    await clickCell(page, 'a5');
    await clickCell(page, 'b6');
    await expect.poll(() => status(page)).toMatch(/capturing Black’s guard/);
    await expect
      .poll(() => page.locator('[data-piece="black-guard"][data-captured]').count())
      .toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}capture-desktop.png` });
    // The computer owes a relocation (R10): it is made, animated and announced.
    await waitForTurn(page);
    await expect.poll(() => status(page)).toMatch(/^Computer: relocates the captured guard/);
    await expect.poll(() => page.locator('[data-captured]').count()).toBe(0);

    await loadText(page, RELOCATE_APN);
    await waitForTurn(page);
    // The piece to relocate is picked up already, with its allowed cells: the vacant outer ring.
    await expect.poll(() => cellsWith(page, 'selected')).toEqual(['e9']);
    const dests = await cellsWith(page, 'dest');
    expect(dests.length).toBeGreaterThan(10);
    await expect.poll(() => page.locator('.cell.dest:not(.ring-5)').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}relocation-desktop.png` });
    await clickCell(page, 'f1');
    await expect.poll(() => status(page)).toMatch(/relocates the captured guard from e9 to f1/);
    await expect
      .poll(() => page.locator('[data-piece="white-guard"][data-at="f1"]').count())
      .toBe(1);
    await expect.poll(() => page.locator('[data-piece^="white"][data-captured]').count()).toBe(0);
    await context.close();
  });

  it('marks a cell forbidden by R8 and explains it when tapped', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await loadText(page, FORBIDDEN_APN);
    await waitForTurn(page);
    await clickCell(page, 'k1');
    await expect.poll(() => cellsWith(page, 'blocked')).toContain('k2');
    await clickCell(page, 'k2');
    await expect.poll(() => status(page)).toMatch(/k2 lies between two Black pieces/);
    expect(await page.getByRole('link', { name: 'Why? See the rules' }).getAttribute('href')).toBe(
      '#rules/r8',
    );
    await expect.poll(() => moveList(page)).toEqual([]);
    await context.close();
  });

  it('keeps the game through a reload, and play continues', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    const random = seeded(3);
    const searcher = new Searcher(4);
    for (let i = 0; i < 2; i++) {
      await waitForTurn(page);
      await playEngineTurn(page, searcher, 'white', 3, random);
    }
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toHaveLength(4);
    const moves = await moveList(page);
    const before = await pieces(page);
    await page.reload();
    await page.waitForSelector('[data-cell="f6"]');
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toEqual(moves);
    await expect.poll(() => pieces(page)).toEqual(before);
    await playEngineTurn(page, searcher, 'white', 3, random);
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toHaveLength(6);
    // Replay steps back without changing the game.
    await page.getByTestId('replay-back').click();
    await page.getByTestId('replay-back').click();
    await expect.poll(() => page.getByTestId('ply').textContent()).toBe('4/6');
    await expect.poll(() => pieces(page)).toEqual(before);
    await expect.poll(() => page.locator('.cell.origin').count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the game' }).first().click();
    await expect.poll(() => page.getByTestId('ply').textContent()).toBe('6/6');
    // Takeback undoes the person's turn and the computer's reply.
    await page.getByRole('button', { name: 'Take back' }).click();
    await expect.poll(() => moveList(page)).toEqual(moves);
    await context.close();
  });

  it('plays on with the network gone: the computer runs in the page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await waitForTurn(page);
    await context.setOffline(true);
    const random = seeded(5);
    const searcher = new Searcher(4);
    for (let i = 0; i < 2; i++) {
      await playEngineTurn(page, searcher, 'white', 3, random);
      await waitForTurn(page);
    }
    // A takeback while the computer thinks restarts its worker, still offline.
    await playEngineTurn(page, searcher, 'white', 3, random);
    await page.getByTestId('thinking').waitFor();
    await page.getByRole('button', { name: 'Take back' }).click();
    await expect.poll(() => moveList(page)).toHaveLength(4);
    await playEngineTurn(page, searcher, 'white', 3, random);
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toHaveLength(6);
    await context.close();
  });

  it('plays two people on one device, placement variant, on a phone', async () => {
    const context = await newContext(browser(), true);
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByLabel('Two people on this device').check();
    await page.getByLabel(/^Placement/).check();
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => page.getByTestId('hand-white').locator('svg').count()).toBe(6);
    const random = seeded(11);
    for (let i = 0; i < 14; i++) {
      await waitForTurn(page);
      const turn = i % 2 === 0 ? 'white' : 'black';
      await expect
        .poll(() => page.locator(`.player-card.to-move[data-player="${turn}"]`).count())
        .toBe(1);
      await playTurn(page, random);
      if (i === 3) await page.screenshot({ path: `${ARTIFACTS}placement-phone.png` });
    }
    await expect.poll(() => moveList(page)).toHaveLength(14);
    await expect.poll(() => page.getByTestId('thinking').count()).toBe(0);
    await expect.poll(() => page.locator('[data-piece]').count()).toBe(14);
    await page.screenshot({ path: `${ARTIFACTS}two-people-phone.png` });
    await context.close();
  });

  it('holds two people to touch-move when they choose it (R15)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByLabel('Two people on this device').check();
    await page.getByLabel(/^Touch-move/).check();
    await page.getByRole('button', { name: 'Play' }).click();
    await clickCell(page, 'b1');
    await expect.poll(() => status(page)).toMatch(/Touch-move: the guard on b1 must move/);
    await clickCell(page, 'k1');
    await expect.poll(() => status(page)).toMatch(/you must move the piece on b1\./);
    await expect.poll(() => cellsWith(page, 'origin')).toEqual(['b1']);
    await clickCell(page, 'b2');
    await expect.poll(() => moveList(page)).toEqual(['b1-b2']);
    await page.getByRole('button', { name: 'Save / load' }).click();
    await expect.poll(() => page.getByTestId('agn-out').inputValue()).toContain('[TouchMove "On"]');
    await context.close();
  });

  it('refuses a bad AGN file with a clear message and keeps the game', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await waitForTurn(page);
    await clickCell(page, 'b1');
    await clickCell(page, 'c2');
    await waitForTurn(page);
    await expect.poll(() => moveList(page)).toHaveLength(2);
    const moves = await moveList(page);
    await page.getByRole('button', { name: 'Save / load' }).click();
    await page.getByTestId('open-file').setInputFiles({
      name: 'bad.agn',
      mimeType: 'text/plain',
      buffer: Buffer.from('[Event "Broken"]\n[Variant "Standard"]\n\n1. b1-c2 h1-g2 2. f1-f5 *\n'),
    });
    const error = page.getByTestId('load-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /not a valid game record.*move 2 f1-f5 is illegal.*current game is kept/,
    );
    await page.screenshot({ path: `${ARTIFACTS}bad-file-desktop.png` });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => moveList(page)).toEqual(moves);
    await context.close();
  });

  it('answers an unknown address with a page that says so and leads to the game', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const response = await page.goto(new URL('/no-such-page', inject('baseURL')).href);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByTestId('not-found').textContent())
      .toContain('There is no page at this address.');
    await page.getByRole('link', { name: 'Go to the game' }).click();
    await page.waitForSelector('.cell.origin');
    await context.close();
  });
});
