// A league's page in Chromium, at phone and desktop size: reached from the tournaments page, it
// opens on the player's own group, passes axe-core's checks, and shows the season's calendar,
// its tiers to pick with their players, a tier's groups ten to a page, and each group's
// crosstable in the order of the standings, with a link to the game in every cell and who moves
// up and down so far; "Your group" brings back the player's group with their row marked, and
// the address keeps the tier and page through back and reload. The page's button enters the
// player in the league and opts them out again, through the real server. The season itself is
// served fixed, as the running of seasons over days and its paging are the server's tests
// (packages/server/test/leagues-api.test.ts, league-pages.test.ts); the server here runs its
// default league.

import type { LeagueCell, LeagueGroup, LeagueView } from '@agon/protocol';
import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium, newContext, playerId, runAxe, SLOW } from './browser.ts';

const ids = ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddd', 'eeeeeeeeee', 'ffffffffff'];
const names = ['Ada', 'Boris', 'Chandra', 'Dina', 'Eino', 'Fatima'];
/** The game of seeds i and j (i < j) of the group of `first` seed: a made-up id. */
const gameOf = (i: number, j: number, first: string) => `g${i}${j}${first}`.slice(0, 10);

/** The season's tiers: League 1 of one group, League 2 of 3 (Ada's first), League 3 of 12. */
const TIERS = [1, 3, 12];

/**
 * A group of six under way: the seeds' order is the standings' (each beat every lower seed),
 * except the game of seeds 3 and 4, still in play.
 */
function groupOf(tier: number, seeds: readonly string[], named: readonly string[]): LeagueGroup {
  const rows = seeds.map((id, i) => {
    const cells = seeds.map((_, j): LeagueCell | null => {
      if (i === j) return null;
      const [lo, hi] = i < j ? [i, j] : [j, i];
      const open = lo === 3 && hi === 4;
      return { game: gameOf(lo, hi, seeds[0]!), white: i < j, score: open ? null : i < j ? 1 : 0 };
    });
    const points = cells.reduce((sum, c) => sum + (c?.score ?? 0), 0);
    return {
      id,
      name: named[i]!,
      rank: i + 1,
      points,
      sb: points * 1.5,
      played: cells.filter((c) => c && c.score !== null).length,
      move: ((i < 2 && tier > 1) || (i >= 4 && tier < TIERS.length) ? (i < 2 ? -1 : 1) : 0) as
        | -1
        | 0
        | 1,
      cells,
    };
  });
  return { tier, seeds, rows };
}

/**
 * Every group of the season, League 1 first: League 2's first group is Ada's, League 3's last
 * has `you` (the browser's player) in it as its third seed.
 */
function everyGroup(you: string): LeagueGroup[] {
  return TIERS.flatMap((count, t) =>
    Array.from({ length: count }, (_, g) => {
      if (t === 1 && g === 0) return groupOf(2, ids, names);
      const seeds = Array.from({ length: 6 }, (_, i) => `p${t + 1}${g}x${i}`.padEnd(10, 'z'));
      const named = seeds.map((_, i) => `Player ${t + 1}.${g + 1}.${i + 1}`);
      if (t === 2 && g === count - 1) {
        seeds[2] = you;
        named[2] = 'You';
      }
      return groupOf(t + 1, seeds, named);
    }),
  );
}

/**
 * The league's page as the server answers it for `url`: the tier and page asked, else the
 * asker's own (`you`, when the request carries a token), else League 1's first. Ten groups a page.
 */
function season(url: URL, you: string | undefined): LeagueView | undefined {
  const groups = everyGroup(you ?? '');
  const mine = groups.find((g) => you !== undefined && g.seeds.includes(you));
  const index = (g: LeagueGroup) => groups.filter((o) => o.tier === g.tier).indexOf(g);
  const seat = mine && {
    tier: mine.tier,
    page: Math.floor(index(mine) / 10) + 1,
    group: index(mine),
  };
  const asked = url.searchParams.get('tier');
  const tier = asked === null ? (seat?.tier ?? 1) : Number(asked);
  const page = Number(url.searchParams.get('page') ?? (seat?.tier === tier ? seat.page : 1));
  const count = TIERS[tier - 1];
  if (count === undefined || page > Math.ceil(count / 10)) return undefined;
  const now = Date.UTC(2026, 2, 10, 12);
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
      tiers: TIERS.map((groups, t) => ({ tier: t + 1, groups, players: groups * 6 })),
      tier,
      page,
      pages: Math.ceil(count / 10),
      first: (page - 1) * 10,
      groups: groups.filter((g) => g.tier === tier).slice((page - 1) * 10, page * 10),
    },
    you: seat ?? null,
  };
}

/**
 * Serves the season's view fixed, to the player `you()` names when a request carries a token;
 * the player's entry and actions go to the real server.
 */
async function serveSeason(context: BrowserContext, you: () => string | undefined): Promise<void> {
  await context.route(/\/api\/leagues\/agon(\?.*)?$/, (route) => {
    const request = route.request();
    const asker = request.headers().authorization === undefined ? undefined : you();
    const view = season(new URL(request.url()), asker);
    return view
      ? route.fulfill({ json: view })
      : route.fulfill({ status: 404, json: { error: { code: 'not-found', message: 'no page' } } });
  });
}

describeInChromium('a league’s page', (browser) => {
  for (const phone of [false, true]) {
    it(`opens on the player's group, picks tiers and pages, and enters and opts out (${phone ? 'phone' : 'desktop'})`, async () => {
      const context = await newContext(browser(), phone);
      let you: string | undefined;
      await serveSeason(context, () => you);
      const page = await context.newPage();
      await page.goto('/tournaments');
      // The browser's player, made on its first visit, plays in League 3's last group.
      await expect.poll(() => playerId(page), SLOW).toBeTruthy();
      you = await playerId(page);
      await page.getByTestId('league-link').first().click();
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/leagues/agon');

      // It opens on the player's own tier and page, their row marked.
      const where = page.locator('nav.pager .pager-where');
      await expect.poll(() => where.textContent(), SLOW).toBe('Groups 11–12 of 12');
      const tiers = page.getByTestId('league-tier');
      expect(await tiers.allTextContents()).toEqual([
        'League 1 6 players',
        'League 2 18 players',
        'League 3 72 players',
      ]);
      const pressed = () => tiers.evaluateAll((b) => b.map((e) => e.ariaPressed));
      expect(await pressed()).toEqual(['false', 'false', 'true']);
      const mine = page.locator('tr.you');
      expect(await mine.count()).toBe(1);
      expect(await mine.textContent()).toContain('You');
      expect(await page.getByRole('heading', { name: 'League 3, group L' }).count()).toBe(1);

      // League 2 picked with the keyboard: its three groups on one page, no pager.
      await tiers.nth(1).focus();
      await page.keyboard.press('Enter');
      const groupA = page.getByRole('region', { name: 'League 2, group A' });
      await groupA.waitFor(SLOW);
      expect(new URL(page.url()).search).toBe('?tier=2');
      expect(await pressed()).toEqual(['false', 'true', 'false']);
      expect(await page.getByTestId('league-crosstable').count()).toBe(3);
      expect(await page.locator('.pager').count()).toBe(0);
      const rows = groupA.getByTestId('league-row');
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
      expect(await links.nth(3).getAttribute('href')).toBe(`/g/${gameOf(3, 4, ids[0]!)}`);
      expect(await links.nth(3).getAttribute('aria-label')).toBe('Dina against Eino: In play');
      expect(await links.nth(0).getAttribute('aria-label')).toBe('Dina against Ada: 0');
      expect(await page.getByTestId('league-calendar').textContent()).toMatch(/^Season 4 /);

      // League 3 opens on the player's page; the page before holds its first ten groups.
      await tiers.nth(2).click();
      await expect.poll(() => where.textContent(), SLOW).toBe('Groups 11–12 of 12');
      await page.getByRole('button', { name: 'Previous groups' }).first().click();
      await expect.poll(() => where.textContent(), SLOW).toBe('Groups 1–10 of 12');
      expect(new URL(page.url()).search).toBe('?tier=3&page=1');
      expect(await page.getByTestId('league-crosstable').count()).toBe(10);
      expect(await page.getByRole('heading', { name: 'League 3, group J' }).count()).toBe(1);
      expect(await mine.count()).toBe(0);
      // Nothing axe-core finds against WCAG 2.2 AA and its best practices.
      expect((await runAxe(page)).violations).toEqual([]);
      await page.screenshot({
        path: `${ARTIFACTS}league-${phone ? 'phone' : 'desktop'}.png`,
        fullPage: true,
      });
      // The pager below the groups goes on too.
      await page.getByRole('button', { name: 'Next groups' }).last().click();
      await expect.poll(() => where.textContent(), SLOW).toBe('Groups 11–12 of 12');
      // Back is the page before; a reload keeps it.
      await page.goBack();
      await expect.poll(() => where.textContent(), SLOW).toBe('Groups 1–10 of 12');
      await page.reload();
      await expect.poll(() => where.textContent(), SLOW).toBe('Groups 1–10 of 12');
      expect(new URL(page.url()).search).toBe('?tier=3&page=1');

      // From League 1, "Your group" opens the player's tier and page, their group in sight.
      await tiers.nth(0).click();
      await expect.poll(pressed, SLOW).toEqual(['true', 'false', 'false']);
      await page.getByTestId('league-your-group').click();
      await expect.poll(() => mine.count(), SLOW).toBe(1);
      expect(new URL(page.url()).search).toBe('?tier=3&page=2');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id), SLOW)
        .toBe('league-your-group');
      const box = (await mine.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      // An address of a tier the season does not have shows the player's own, and says so.
      await page.goto('/leagues/agon?tier=9');
      await expect
        .poll(() => page.getByRole('alert').textContent(), SLOW)
        .toBe('This season has no such tier or page of groups.');
      expect(await pressed()).toEqual(['false', 'false', 'true']);

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
