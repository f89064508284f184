// The play feel, as a person meets it: a capture by the computer and the relocation it owes,
// touch-move, the first visit, rematches, following the computer's moves, replay, the words
// on the screen, and the smaller things around a game. Every step is a click (or a tap at
// phone size) on what the player sees, never a shortcut.

import { STANDARD_APN } from '@agon/engine';
import type { Browser, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  cellsWith,
  closeSettings,
  describeInChromium,
  goToPage,
  loadText,
  moveList,
  newContext,
  openApp,
  openSettings,
  press,
  status,
  toggleSetting,
} from './browser.ts';

/** Black's only legal turn here, g4-h4, captures White's guard on h5 (R9). */
const FORCED_CAPTURE = '6/7/8/3G5/3Qgg4/3qg1GG3/3gg1G3/4Gg3/8/1G5/6 b';

/** How long a page may take to show what the computer or the server did, on a busy machine. */
const SLOW = { timeout: 20_000 };

/** Opens the app fresh at desktop or phone size. */
async function fresh(browser: Browser, phone = false): Promise<Page> {
  const page = await (await newContext(browser, phone)).newPage();
  await openApp(page, inject('baseURL'));
  await page.locator('.cell.origin').first().waitFor();
  return page;
}

/** Starts a game between two people from the new-game dialog. */
async function twoPeople(page: Page, touchMove = false): Promise<void> {
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('radio', { name: 'Two people on this device' }).check();
  if (touchMove) await page.getByRole('checkbox', { name: /Touch-move/ }).check();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
}

describeInChromium('the play feel', (browser) => {
  it('a capture by the computer: the piece owed stays picked up, and a ring-5 cell puts it back', async () => {
    for (const phone of [false, true]) {
      const size = phone ? 'phone' : 'desktop';
      const page = await fresh(browser(), phone);
      await loadText(page, FORCED_CAPTURE);
      // The computer (Black) answers with its only turn, the capture.
      await page.locator('.cell.selected').waitFor(SLOW);
      await expect.poll(() => moveList(page)).toEqual(['g4-h4']);
      await expect.poll(() => page.locator('[data-captured]').getAttribute('data-at')).toBe('h5');
      const act = phone ? 'tap' : 'click';
      await expect
        .poll(() => status(page))
        .toContain(`Your guard on h5 was captured: ${act} an outer-ring cell to put it back.`);
      await page.screenshot({ path: `${ARTIFACTS}capture-${size}.png` });

      // What the hint text says to do: the piece, then the cell. The piece stays up.
      await press(page, 'h5', phone);
      await expect.poll(() => cellsWith(page, 'selected')).toEqual(['h5']);
      const dests = await cellsWith(page, 'dest');
      expect(dests.length).toBeGreaterThan(0);
      // Another own piece cannot move now, and the status says why.
      await press(page, 'e4', phone);
      await expect.poll(() => cellsWith(page, 'selected')).toEqual(['h5']);
      await expect.poll(() => status(page)).toContain('Your guard on h5 was captured');
      await expect.poll(() => page.getByTestId('why').getAttribute('href')).toBe('#rules/r10');

      const outer = await page.$$eval('.cell.dest.ring-5', (els) =>
        els.map((e) => e.getAttribute('data-cell') ?? ''),
      );
      await press(page, outer[0]!, phone);
      await expect.poll(async () => (await moveList(page))[1]).toBe(`h5@${outer[0]}`);
      await expect.poll(() => status(page)).toContain('relocates the captured guard from h5');
      await page.screenshot({ path: `${ARTIFACTS}relocated-${size}.png` });
      await page.context().close();
    }
  });

  it('tutorial lessons 5 and 6 are done by clicking the pre-selected piece, then the cell', async () => {
    const page = await fresh(browser());
    await goToPage(page, 'tutorial');
    const next = page.getByRole('button', { name: 'Next lesson' });
    for (let i = 0; i < 4; i++) await next.click();
    const feedback = page.getByTestId('tutorial-feedback');
    // Lesson 5: the captured guard on e9 goes back to the outer ring.
    await page.locator('.lesson-board [data-cell="e9"]').click();
    await expect.poll(() => cellsWith(page, 'selected')).toEqual(['e9']);
    await page.locator('.lesson-board [data-cell="a1"]').click();
    await expect.poll(() => feedback.getAttribute('class')).toContain('solved');
    // Lesson 6: queen and guard captured; the queen first (R10).
    await next.click();
    await page.locator('.lesson-board [data-cell="e9"]').click();
    await expect.poll(() => cellsWith(page, 'selected')).toEqual(['e1']);
    await expect.poll(() => feedback.textContent()).toContain('queen on e1 was captured');
    await page.locator('.lesson-board [data-cell="e1"]').click();
    await expect.poll(() => cellsWith(page, 'selected')).toEqual(['e1']);
    await page.locator('.lesson-board [data-cell="a3"]').click();
    await expect.poll(() => feedback.getAttribute('class')).toContain('solved');
    await page.context().close();
  });

  it('touch-move: tapping the touched piece again keeps it up; loading a position keeps the rule', async () => {
    const page = await fresh(browser(), true);
    await twoPeople(page, true);
    await press(page, 'b1', true);
    await press(page, 'b1', true);
    await expect.poll(() => cellsWith(page, 'selected')).toEqual(['b1']);
    await expect.poll(async () => (await cellsWith(page, 'dest')).length).toBeGreaterThan(0);
    await press(page, 'c2', true);
    await expect.poll(() => moveList(page)).toEqual(['b1-c2']);
    await loadText(page, STANDARD_APN);
    await expect.poll(() => status(page)).toContain('Touch-move stays on.');
    await expect.poll(() => page.locator('.game-kind').textContent()).toContain('touch-move');
    await page.context().close();
  });

  it('first visit: the goal and a way into the tutorial, gone once a game is finished', async () => {
    const page = await fresh(browser());
    const intro = page.getByTestId('intro');
    expect(await intro.textContent()).toContain(
      'Bring your queen to the gold throne and surround her with your six guards.',
    );
    await page.screenshot({ path: `${ARTIFACTS}first-visit-desktop.png` });
    await intro.getByRole('link', { name: 'New to Agon? Learn in 2 minutes' }).click();
    await page.getByTestId('tutorial').waitFor();
    await goToPage(page, 'play');
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    await page.getByTestId('result').waitFor();
    await page.reload();
    await page.locator('[data-cell="f6"]').waitFor();
    await expect.poll(() => page.getByTestId('intro').count()).toBe(0);
    await page.context().close();
  });

  it('rematch only after the game; a new game over one in progress asks first', async () => {
    const page = await fresh(browser());
    await page.locator('[data-cell="b1"]').click();
    await page.locator('[data-cell="c2"]').click();
    await expect.poll(() => moveList(page), SLOW).toHaveLength(2);
    await expect.poll(() => page.getByRole('button', { name: /Rematch/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('starting a new one throws');
    await expect.poll(() => moveList(page)).toHaveLength(2);
    await page.getByRole('button', { name: 'Abandon this game and start' }).click();
    await expect.poll(() => moveList(page)).toEqual([]);

    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    const result = page.getByTestId('result');
    await result.getByRole('button', { name: 'Rematch' }).click();
    await expect.poll(() => page.locator('.player-card').last().textContent()).toContain('Black');
    await page.context().close();
  });

  it('the computer’s move is held, slides in and stays marked apart from a selection', async () => {
    const context = await newContext(browser());
    await context.addInitScript(() => {
      const w = window as unknown as { slides: string[] };
      w.slides = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, ...args) {
        const piece = this.getAttribute('data-piece');
        if (piece) w.slides.push(piece);
        return animate.apply(this, args);
      };
    });
    const page = await context.newPage();
    await openApp(page, inject('baseURL'));
    await page.locator('[data-cell="b1"]').click();
    const moved = Date.now();
    await page.locator('[data-cell="c2"]').click();
    await expect.poll(() => moveList(page), SLOW).toHaveLength(2);
    // Held long enough to be seen coming, even at level 3, which answers at once.
    expect(Date.now() - moved).toBeGreaterThanOrEqual(400);
    const slides = await page.evaluate(() => (window as unknown as { slides: string[] }).slides);
    expect(slides).toContain('white-guard');
    expect(slides.some((p) => p.startsWith('black-'))).toBe(true);
    const [, reply] = await moveList(page);
    expect((await cellsWith(page, 'last')).sort()).toEqual(reply!.split('-').sort());
    // The last move's look is not the selection's.
    await page.locator('[data-cell="c2"]').click();
    await page.locator('.cell.selected').waitFor();
    const look = (cls: string) =>
      page.$eval(`.cell.${cls}`, (e) => {
        const s = getComputedStyle(e);
        return `${s.fill} ${s.stroke} ${s.strokeWidth}`;
      });
    expect(await look('last')).not.toBe(await look('selected'));
    // Turned round after the moves, every piece, the two that slid included, sits on its cell.
    await page.getByRole('button', { name: 'Flip' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Flip' }).getAttribute('aria-pressed'))
      .toBe('true');
    const offCell = () =>
      page.$$eval('[data-piece]', (els) =>
        els.flatMap((el) => {
          const at = el.getAttribute('data-at');
          const cell = document.querySelector(`[data-cell="${at}"]`)?.getBoundingClientRect();
          // The piece's face: its shadow and side lie a little below it on purpose.
          const p = (el.querySelector('.body') ?? el).getBoundingClientRect();
          const dx = cell ? p.x + p.width / 2 - (cell.x + cell.width / 2) : Infinity;
          const dy = cell ? p.y + p.height / 2 - (cell.y + cell.height / 2) : Infinity;
          return Math.hypot(dx, dy) > 4 ? [at] : [];
        }),
      );
    await expect.poll(offCell).toEqual([]);
    await context.close();

    const still = await newContext(browser());
    const calm = await still.newPage();
    await calm.emulateMedia({ reducedMotion: 'reduce' });
    await openApp(calm, inject('baseURL'));
    await calm.evaluate(() => {
      (window as unknown as { moving: number }).moving = 0;
      new MutationObserver((list) => {
        for (const m of list) {
          if (m.target instanceof Element && m.target.classList.contains('moving')) {
            (window as unknown as { moving: number }).moving++;
          }
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await calm.locator('[data-cell="b1"]').click();
    await calm.locator('[data-cell="c2"]').click();
    await expect.poll(() => moveList(calm), SLOW).toHaveLength(2);
    expect(await calm.evaluate(() => (window as unknown as { moving: number }).moving)).toBe(0);
    await still.close();
  });

  it('replay says where it is, answers a tap on the board, and plays on from there', async () => {
    const page = await fresh(browser());
    await page.locator('[data-cell="b1"]').click();
    await page.locator('[data-cell="c2"]').click();
    await expect.poll(() => moveList(page), SLOW).toHaveLength(2);
    const [first] = await moveList(page);
    await page.locator('[data-testid="move-list"] button.move').first().click();
    await expect.poll(() => status(page)).toBe('Move 1 of 2: replaying.');
    await page.locator('[data-cell="h1"]').click();
    await expect.poll(() => status(page)).toContain('earlier position');
    await page.getByRole('button', { name: 'Play on from here' }).click();
    // The computer's turn again: it answers anew from the position after the first move.
    await expect.poll(() => moveList(page), SLOW).toHaveLength(2);
    await expect.poll(async () => (await moveList(page))[0]).toBe(first);
    await expect.poll(() => status(page)).not.toContain('replaying');
    await page.context().close();
  });

  it('speaks in words, not rule numbers; cell names and sound are plain switches', async () => {
    const page = await fresh(browser());
    await loadText(page, FORCED_CAPTURE);
    await page.locator('.cell.selected').waitFor(SLOW);
    const noRuleNumbers = async (): Promise<void> => {
      const text = await page.evaluate(() => document.body.textContent ?? '');
      expect(text).not.toMatch(/\(R\d+/);
    };
    await noRuleNumbers();
    await page.getByRole('button', { name: 'New game' }).click();
    await noRuleNumbers();
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Cell names run along the edge: the letters of the 11 files and the numbers of 11 ranks.
    await toggleSetting(page, 'Cell names');
    await expect.poll(() => page.locator('.labels text').count()).toBe(22);
    await openSettings(page);
    const sound = page.getByRole('button', { name: 'Sound' });
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('settings').focus(); // the switch is not focused
    const shadow = await sound.evaluate((e) => {
      const s = getComputedStyle(e);
      return `${s.boxShadow}|${s.outlineStyle}`;
    });
    expect(shadow).toBe('none|none');
    // The menu stands over the panel's actions until it is closed, as a person closes it.
    await closeSettings(page);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    await page.getByTestId('result').waitFor();
    await noRuleNumbers();
    await page.context().close();
  });

  it('two people agree a draw; the export box shows the moves', async () => {
    const page = await fresh(browser());
    await twoPeople(page);
    for (const [from, to] of [
      ['b1', 'c2'],
      ['h1', 'g2'],
      ['c2', 'c3'],
    ] as const) {
      await page.locator(`[data-cell="${from}"]`).click();
      await page.locator(`[data-cell="${to}"]`).click();
    }
    await page.getByRole('button', { name: 'Save / load' }).click();
    const box = page.getByTestId('agn-out');
    await expect.poll(() => box.inputValue()).toContain('1. b1-c2 h1-g2 2. c2-c3');
    const showsEnd = await box.evaluate((e) => e.scrollTop + e.clientHeight >= e.scrollHeight - 1);
    expect(showsEnd).toBe(true);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Agree a draw' }).click();
    await page.getByRole('button', { name: 'Both agree: draw?' }).click();
    const result = page.getByTestId('result');
    await result.waitFor();
    await expect.poll(() => result.textContent()).toContain('Draw.');
    await page.context().close();
  });

  it('online: offline creation says so; the game page has the board switches; an R8 tap is explained', async () => {
    const white = await fresh(browser());
    await white.getByRole('button', { name: 'New game' }).click();
    await white.getByRole('link', { name: 'Play a friend online' }).click();
    await white.getByRole('button', { name: 'Create the game' }).waitFor();
    await white.context().setOffline(true);
    await white.getByRole('button', { name: 'Create the game' }).click();
    await expect
      .poll(() => white.getByTestId('online-create').textContent())
      .toContain('You are offline');
    await white.context().setOffline(false);
    await white.getByRole('radio', { name: 'White (moves first)' }).check();
    await white.getByRole('button', { name: 'Create the game' }).click();
    const link = await white.getByTestId('share-link').inputValue();
    // The board's switch is an action of the page; sound, cell names and the language are in
    // the same settings menu as everywhere else.
    await expect
      .poll(() => white.getByRole('button', { name: 'Flip', exact: true }).count())
      .toBe(1);
    await openSettings(white);
    for (const name of ['Cell names', 'Sound']) {
      await expect.poll(() => white.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    await expect.poll(() => white.getByTestId('language').count()).toBe(1);
    await white.keyboard.press('Escape');

    const black = await (await newContext(browser(), true)).newPage();
    await openApp(black, link);
    const turns: [Page, string, string][] = [
      [white, 'a5', 'b5'],
      [black, 'a2', 'b2'],
      [white, 'b5', 'c5'],
      [black, 'd1', 'd2'],
    ];
    for (const [i, [page, from, to]] of turns.entries()) {
      await page.locator('.cell.origin').first().waitFor(SLOW);
      await press(page, from, page === black);
      await press(page, to, page === black);
      await expect
        .poll(() => white.locator('[data-testid="move-list"] .move:not(.empty)').count(), SLOW)
        .toBe(i + 1);
    }
    await white.locator('.cell.origin').first().waitFor(SLOW);
    await white.locator('[data-cell="b1"]').click();
    await expect.poll(() => white.locator('.blocked-mark').count()).toBe(1);
    await white.locator('[data-cell="c2"]').click();
    const notice = white.getByTestId('notice');
    await expect
      .poll(() => notice.textContent())
      .toContain('c2 lies between two Black pieces, on d2 and b2');
    expect(
      await notice.getByRole('link', { name: 'Why? See the rules' }).getAttribute('href'),
    ).toBe('/#rules/r8');
    // Any game can be analysed: the online one opens on the analysis board with its moves.
    await white.getByRole('button', { name: 'Analyse', exact: true }).click();
    await white.getByTestId('analysis').waitFor(SLOW);
    await expect
      .poll(() => white.getByTestId('study').textContent())
      .toBe('1. a5-b5a2-b22. b5-c5d1-d2');
    await white.context().close();
    await black.context().close();
  });
});
