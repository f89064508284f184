// A league's page in Chromium, at phone and desktop size: reached from the tournaments page, it
// passes axe-core's checks and shows the season's calendar and each group's crosstable in the order of the standings, with a
// link to the game in every cell and who moves up and down so far; the page's button enters the
// player in the league and opts them out again, through the real server. The season itself is
// served fixed, as the running of seasons over days is the server's test
// (packages/server/test/leagues-api.test.ts); the server here runs its default league.

import type { LeagueCell, LeagueView } from '@agon/protocol';
import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium, newContext, runAxe, SLOW } from './browser.ts';

const ids = ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddd', 'eeeeeeeeee', 'ffffffffff'];
const names = ['Ada', 'Boris', 'Chandra', 'Dina', 'Eino', 'Fatima'];
/** The game of seeds i and j (i < j): a made-up id of a game's shape. */
const gameOf = (i: number, j: number) => `g${i}${j}hjkmnpqr`;

/**
 * A season of League 2's single group under way: the seeds' order is the standings' (each beat
 * every lower seed), except the game of seeds 3 and 4, still in play.
 */
function season(): LeagueView {
  const now = Date.UTC(2026, 2, 10, 12);
  const rows = ids.map((id, i) => {
    const cells = ids.map((_, j): LeagueCell | null => {
      if (i === j) return null;
      const [lo, hi] = i < j ? [i, j] : [j, i];
      const open = lo === 3 && hi === 4;
      return { game: gameOf(lo, hi), white: i < j, score: open ? null : i < j ? 1 : 0 };
    });
    const points = cells.reduce((sum, c) => sum + (c?.score ?? 0), 0);
    return {
      id,
      name: names[i]!,
      rank: i + 1,
      points,
      sb: points * 1.5,
      played: cells.filter((c) => c && c.score !== null).length,
      move: (i < 2 ? -1 : i >= 4 ? 1 : 0) as -1 | 0 | 1,
      cells,
    };
  });
  return {
    now,
    league: {
      key: 'agon',
      name: 'Agon League',
      days: 3,
      seasonDays: 56,
      season: 4,
      running: true,
      nextStartsAt: null,
      entered: 37,
    },
    season: {
      number: 4,
      startsAt: Date.UTC(2026, 2, 1, 12),
      endsAt: Date.UTC(2026, 3, 26, 12),
      finished: false,
      groups: [{ tier: 2, seeds: ids, rows }],
    },
  };
}

/** Serves the season's view fixed; the player's entry and actions go to the real server. */
async function serveSeason(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/leagues\/agon$/, (route) => route.fulfill({ json: season() }));
}

describeInChromium('a league’s page', (browser) => {
  for (const phone of [false, true]) {
    it(`shows the crosstable with a game in each cell, and enters and opts out (${phone ? 'phone' : 'desktop'})`, async () => {
      const context = await newContext(browser(), phone);
      await serveSeason(context);
      const page = await context.newPage();
      await page.goto('/tournaments');
      await page.getByTestId('league-link').first().click();
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/leagues/agon');

      const table = page.getByTestId('league-crosstable');
      await table.waitFor(SLOW);
      expect(await page.getByRole('heading', { name: 'League 2, group A' }).count()).toBe(1);
      const rows = page.getByTestId('league-row');
      expect(await rows.count()).toBe(6);
      // In the standings' order, with who moves up and down so far.
      expect(await rows.nth(0).textContent()).toContain('Ada');
      expect(await rows.nth(0).getByRole('img', { name: 'Moves up' }).count()).toBe(1);
      expect(await rows.nth(5).getByRole('img', { name: 'Moves down' }).count()).toBe(1);
      expect(await rows.nth(2).getByRole('img').count()).toBe(0);
      // Five games a row, each a link to its game; the one in play says so.
      const links = rows.nth(3).getByTestId('league-game');
      expect(await links.count()).toBe(5);
      // Her own column has no game: her fourth link is against the fifth seed.
      expect(await links.nth(3).getAttribute('href')).toBe(`/g/${gameOf(3, 4)}`);
      expect(await links.nth(3).getAttribute('aria-label')).toBe('Dina against Eino: In play');
      expect(await links.nth(0).getAttribute('aria-label')).toBe('Dina against Ada: 0');
      expect(await page.getByTestId('league-calendar').textContent()).toMatch(/^Season 4 /);
      // Nothing axe-core finds against WCAG 2.2 AA and its best practices.
      expect((await runAxe(page)).violations).toEqual([]);
      await page.screenshot({
        path: `${ARTIFACTS}league-${phone ? 'phone' : 'desktop'}.png`,
        fullPage: true,
      });

      const join = page.getByTestId('league-join');
      await expect.poll(() => join.textContent(), SLOW).toBe('Enter the league');
      await join.click();
      await expect
        .poll(() => page.getByTestId('league-you').textContent(), SLOW)
        .toBe('You play the next season.');
      await expect.poll(() => join.textContent()).toBe('Opt out of next seasons');
      await join.click();
      await expect
        .poll(() => page.getByTestId('league-you').textContent(), SLOW)
        .toBe('You are not entered for the next season.');
      await context.close();
    });
  }
});
