// The "Your games" page as people reach it: a player with two correspondence games, one waiting
// for their move and one for the opponent's, follows the top bar's count to the page, which lists
// the game waiting for them first, each with its opponent, a small board and the days left, and
// a click opens the game; the opponent, at a phone, gets there through the pages menu. The page
// is looked at on a desktop and a phone, light and dark, in each language.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  gameId,
  lobbyName,
  newContext,
  openLobby,
  playFirstTurn,
  runAxe,
  SLOW,
} from './browser.ts';
import { challengeAccepted, twoAtLobby } from './online-setup.ts';
import { PLAYER_KEY, SETTINGS_KEY } from './visual.ts';

/** The cards of a group of the page, their text in order. */
const cards = (page: Page, group: 'games-yours' | 'games-theirs'): Promise<string[]> =>
  page.getByTestId(group).getByTestId('your-game').allTextContents();

describeInChromium('the Your games page', (browser) => {
  it('lists the games waiting for your move first, and is reached from the top bar’s count', async () => {
    const {
      maker: me,
      taker: ann,
      makerName: myName,
      takerName: annName,
    } = await twoAtLobby(browser(), { phone: true });
    const bo = await (await newContext(browser())).newPage();
    await openLobby(bo);
    const boName = await lobbyName(bo);
    // Two games of days in which this player has White: both wait for their move.
    const withAnn = await challengeAccepted(me, ann, { correspondence: true });
    await openLobby(me);
    const withBo = await challengeAccepted(me, bo, { correspondence: true });
    // They move in the game with Ann: it now waits for her.
    await me.goto(`/g/${withAnn}`);
    await playFirstTurn(me);
    await expect
      .poll(() => me.locator('[data-testid="move-list"] .move:not(.empty)').count(), SLOW)
      .toBe(1);

    // From another page, the top bar counts the one game waiting; its count leads to the page.
    await me.goto('/tournaments');
    const count = me.getByTestId('your-turns');
    await expect.poll(() => count.textContent(), SLOW).toBe('11 game waits for your move');
    await count.click();
    await me.waitForURL(/\/games$/, SLOW);
    await expect.poll(() => me.title()).toBe('Your games · Agon');
    await expect.poll(() => cards(me, 'games-yours'), SLOW).toHaveLength(1);
    const [yours] = await cards(me, 'games-yours');
    const [theirs] = await cards(me, 'games-theirs');
    expect(yours).toContain(boName);
    expect(yours).toMatch(/Your turn · (3 d 00 h|2 d 23 h)$/);
    expect(theirs).toContain(annName);
    expect(theirs).toMatch(/Their turn · (3 d 00 h|2 d 23 h)$/);
    // In the documented order: the game waiting for the player before the other.
    expect(await me.getByTestId('your-game').allTextContents()).toEqual([yours, theirs]);
    expect(await me.getByTestId('games-yours').locator('h3').textContent()).toBe(
      'Waiting for your move 1',
    );
    // Each with its position in miniature.
    expect(await me.getByTestId('your-game').locator('svg').count()).toBe(2);
    await me.screenshot({ path: `${ARTIFACTS}your-games-desktop.png`, fullPage: true });
    // A click opens the game.
    await me.getByTestId('games-yours').getByTestId('your-game').click();
    expect(await gameId(me)).toBe(withBo);

    // The lobby keeps a short list, and the way to the page.
    await openLobby(me);
    await expect.poll(() => me.getByTestId('your-game').count(), SLOW).toBe(2);
    await me.getByTestId('all-your-games').click();
    await me.waitForURL(/\/games$/, SLOW);

    // Ann, at a phone, reaches her page from the pages menu's count.
    await ann.goto('/');
    await ann.getByRole('button', { name: /^Pages: 1 game waits for your move$/ }).tap();
    await ann.screenshot({ path: `${ARTIFACTS}your-games-menu-phone.png`, animations: 'disabled' });
    await ann.getByTestId('menu-your-turns').tap();
    await ann.waitForURL(/\/games$/, SLOW);
    await expect.poll(() => cards(ann, 'games-yours'), SLOW).toHaveLength(1);
    expect((await cards(ann, 'games-yours'))[0]).toContain(myName);
    expect(await ann.getByTestId('games-theirs').count()).toBe(0);
    await ann.screenshot({ path: `${ARTIFACTS}your-games-phone.png`, fullPage: true });

    // The same page in each language, light and dark, on a desktop and a phone.
    const player = await me.evaluate((key) => localStorage.getItem(key), PLAYER_KEY);
    const looks = [
      { language: 'fi', theme: 'dark', phone: false, title: 'Pelisi' },
      { language: 'ru', theme: 'light', phone: true, title: 'Ваши партии' },
      { language: 'hi', theme: 'dark', phone: true, title: 'आपके खेल' },
      { language: 'en', theme: 'dark', phone: true, title: 'Your games' },
    ] as const;
    for (const look of looks) {
      const context = await newContext(browser(), look.phone);
      await context.addInitScript(
        ([playerKey, settingsKey, player, settings]) => {
          localStorage.setItem(playerKey!, player!);
          localStorage.setItem(settingsKey!, settings!);
        },
        [
          PLAYER_KEY,
          SETTINGS_KEY,
          player,
          JSON.stringify({ theme: look.theme, language: look.language }),
        ],
      );
      const page = await context.newPage();
      await page.goto('/games');
      await expect.poll(() => cards(page, 'games-theirs'), SLOW).toHaveLength(1);
      expect(await page.locator('main h2').textContent()).toBe(look.title);
      const name = `your-games-${look.language}-${look.theme}-${look.phone ? 'phone' : 'desktop'}`;
      await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
      // Readable to everyone in each look: WCAG 2.2 A and AA, contrast in dark too.
      expect({ name, violations: (await runAxe(page)).violations }).toEqual({
        name,
        violations: [],
      });
      await context.close();
    }
  }, 120_000);
});
