// A short arena in three Chromium pages, as three people play it: an organiser makes it through the
// API, starting a few seconds ahead, and withdraws; the three open its page and join. At the start
// two of them are paired, counted down and taken to their game, where each makes a move by clicks;
// the one left waiting pauses on the tournament's page, the loser pauses and resigns, and the
// winner pauses from the game's tournament box. Nobody is free to be paired again, so all three,
// back on the tournament's page, read the same standings. A player's own event may keep the
// house bots out (the dialog's choice, said on its page); one that a single person came to
// shows the bots that filled it marked as bots.

import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { ARTIFACTS, describeInChromium, newContext, newNetwork, playFirstTurn } from './browser.ts';
import { PICTURED_TOURNAMENTS } from './visual.ts';

/** How long to wait for a page to show what the server said, on a busy machine. */
const SLOW = { timeout: 20_000 };
/** How far ahead the arena starts: time for three pages to open and join. */
const LEAD_MS = 12_000;

const api = (path: string): string => new URL(path, inject('baseURL')).href;

/** Calls the API as the player whose token is `token`. */
async function call<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Whether this page shows a game. */
const inGame = (page: Page): boolean => /\/g\/[a-z2-9]{10}$/.test(page.url());

/** The side this page plays in the game it shows: the card marked "(you)". */
async function seat(page: Page): Promise<string> {
  const own = page.locator('.player-card', { has: page.locator('.side', { hasText: '(you)' }) });
  await own.waitFor(SLOW);
  return (await own.getAttribute('data-player')) ?? '';
}

/**
 * The standings as a page shows them, a line a player (rank, name, mark, score), without the
 * organiser's, who withdrew.
 */
const standings = async (page: Page): Promise<string[]> =>
  (
    await page
      .getByTestId('standing')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [
            row.querySelector('.standing-rank')?.textContent,
            row.querySelector('.player-link')?.textContent,
            row.querySelector('.standing-tag')?.textContent ?? '',
            row.querySelector('.standing-score')?.textContent,
          ].join(' '),
        ),
      )
  ).filter((line) => !line.includes(' Withdrew '));

describeInChromium('an arena', (browser) => {
  it('pairs two of its players, takes them to their game, and scores it for all to see', async () => {
    const pages = await Promise.all(
      [false, true, false].map(async (phone) =>
        (await newContext(browser(), phone, 'en-GB', newNetwork())).newPage(),
      ),
    );
    // The organiser is a player of its own, made over the API, who leaves the three to play.
    const organiser = (await (
      await fetch(api('/api/players'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      })
    ).json()) as { token: string };
    const { id } = await call<{ id: string }>('/api/tournaments', organiser.token, {
      kind: 'arena',
      name: 'Three-player arena',
      clock: { initial: 180_000, increment: 2000 },
      variant: 'standard',
      touchMove: false,
      captorPlacesQueen: false,
      rated: true,
      startsAt: Date.now() + LEAD_MS,
      minutes: 5,
      berserk: true,
      // The three people's own pairings: no house bot makes the field up to four.
      bots: false,
    });
    await call(`/api/tournaments/${id}/me`, organiser.token, { action: 'withdraw' });

    for (const page of pages) {
      await page.goto(`/t/${id}`);
      await expect
        .poll(() => page.getByTestId('tournament-name').textContent(), SLOW)
        .toBe('Three-player arena');
      expect(await page.getByTestId('tournament-status').textContent()).toMatch(
        /^Starts in 0:\d\d$/,
      );
      await page.getByTestId('join').click();
      await page.getByTestId('withdraw').waitFor(SLOW);
    }
    await expect.poll(() => standings(pages[0]!), SLOW).toHaveLength(3);
    await pages[0]!.screenshot({ path: `${ARTIFACTS}tournament-joined-desktop.png` });

    // At the start, two are paired: each page counts down, then opens the game.
    await expect.poll(() => pages.filter(inGame).length, { timeout: LEAD_MS + 30_000 }).toBe(2);
    const [one, two] = pages.filter(inGame) as [Page, Page];
    const waiting = pages.find((p) => !inGame(p))!;
    // Each player reaches the server through an address of their own: the paths agree.
    expect(new URL(one.url()).pathname).toBe(new URL(two.url()).pathname);
    await waiting.getByText('You are in: waiting for your next opponent.').waitFor(SLOW);

    const [white, black] = (await seat(one)) === 'white' ? [one, two] : [two, one];
    expect(await seat(black)).toBe('black');
    await white.getByTestId('tournament-box').getByText('Three-player arena').waitFor(SLOW);
    // A berserk is offered before one's first move.
    expect(await white.getByTestId('berserk').count()).toBe(1);
    await white.screenshot({ path: `${ARTIFACTS}tournament-game-desktop.png` });
    await playFirstTurn(white);
    await expect.poll(() => white.getByTestId('berserk').count(), SLOW).toBe(0);
    await playFirstTurn(black);
    await expect
      .poll(() => white.locator('[data-testid="move-list"] .move:not(.empty)').count(), SLOW)
      .toBe(2);

    // Nobody is left free to be paired once the game is over.
    await waiting.getByTestId('pause').click();
    await waiting.getByTestId('resume').waitFor(SLOW);
    await black.evaluate(async (tournament) => {
      const { token } = JSON.parse(localStorage.getItem('agon.player') ?? '{}') as {
        token: string;
      };
      await fetch(`/api/tournaments/${tournament}/me`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ action: 'pause' }),
      });
    }, id);
    await black.getByRole('button', { name: 'Resign', exact: true }).click();
    await black.getByRole('button', { name: 'Really resign?', exact: true }).click();

    // The winner's box waits for the next game; Pause stops that.
    const box = white.getByTestId('tournament-box');
    await box.getByTestId('next-game').waitFor(SLOW);
    await white.screenshot({ path: `${ARTIFACTS}tournament-game-over-desktop.png` });
    await box.getByTestId('pause').click();
    await box.getByText('You are paused').waitFor(SLOW);
    for (const player of [white, black]) {
      await player.getByTestId('back-to-tournament').click();
      await player.getByTestId('standings').waitFor(SLOW);
    }

    // The same standings everywhere: the winner first, with points; all three paused.
    await expect
      .poll(() => standings(white), SLOW)
      .toEqual([
        expect.stringMatching(/^\d+ .+ Paused [1-9]\d*$/),
        expect.stringMatching(/ Paused 0$/),
        expect.stringMatching(/ Paused 0$/),
      ]);
    const seen = await standings(white);
    for (const page of [black, waiting])
      await expect.poll(() => standings(page), SLOW).toEqual(seen);
    // Each page marks its own line.
    for (const page of pages) {
      expect(await page.locator('tr.you').count()).toBe(1);
    }
    await white.screenshot({ path: `${ARTIFACTS}tournament-standings-desktop.png` });
  });
});

describeInChromium('house bots in a tournament', (browser) => {
  it('are the dialog’s to keep out, and marked as bots where they filled an event', async () => {
    const context = await newContext(browser(), false, 'en-GB', newNetwork());
    const page = await context.newPage();
    await page.goto('/tournaments');
    await page.getByTestId('create-tournament').click();
    const dialog = page.getByTestId('tournament-dialog');
    const bots = dialog.getByTestId('tournament-bots');
    await bots.waitFor(SLOW);
    // Offered for either kind, allowed unless the maker says no.
    const pressed = () => bots.getAttribute('aria-pressed');
    expect(await pressed()).toBe('true');
    await dialog.getByRole('radio', { name: 'Swiss' }).check();
    await expect.poll(() => dialog.locator('#tournament-rounds').count(), SLOW).toBe(1);
    expect(await pressed()).toBe('true');
    await dialog.getByRole('radio', { name: 'Arena' }).check();
    await bots.click();
    await expect.poll(pressed, SLOW).toBe('false');
    await dialog.getByRole('button', { name: 'Create the event' }).click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toMatch(/^\/t\/[a-z2-9]{8}$/);
    await expect
      .poll(() => page.getByTestId('tournament-terms').first().textContent(), SLOW)
      .toContain('No bots');

    // An arena one person came to: at its start, three bots make the field up, each marked.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('agon.player') ?? '{}') as { token: string }).token,
    );
    const { id } = await call<{ id: string }>('/api/tournaments', token, {
      kind: 'arena',
      name: 'Thin arena',
      clock: { initial: 180_000, increment: 2000 },
      variant: 'standard',
      touchMove: false,
      captorPlacesQueen: false,
      rated: true,
      startsAt: Date.now() + 2000,
      minutes: 5,
      berserk: false,
    });
    // Watched by a stranger: the person's own page would go to their game once paired.
    const watcher = await newContext(browser(), false, 'en-GB');
    const thin = await watcher.newPage();
    await thin.goto(`/t/${id}`);
    await expect
      .poll(() => thin.getByTestId('standings').locator('.bot-mark').count(), SLOW)
      .toBe(3);
    const marked = await thin
      .getByTestId('standing')
      .filter({ has: thin.locator('.bot-mark') })
      .locator('.player-link')
      .allTextContents();
    expect(marked.every((name) => name.startsWith('Agon Bot'))).toBe(true);
    expect(await thin.getByTestId('tournament-terms').first().textContent()).not.toContain(
      'No bots',
    );
    await watcher.close();
    await context.close();
  });
});

describeInChromium('a tournament that does not exist', (browser) => {
  it('says so at its address, in the reader’s language, and leads to the tournaments', async () => {
    // An id of no tournament's shape, answered by the page alone, and one of a tournament's shape
    // that the server does not know.
    for (const [id, locale, says, link] of [
      ['nosuchevent1', 'en-GB', 'There is no event at this address.', 'See the tournaments'],
      ['nosuchevent1', 'fi-FI', 'Tässä osoitteessa ei ole tapahtumaa.', 'Katso turnaukset'],
      ['abcdefgh', 'en-GB', 'There is no event at this address.', 'See the tournaments'],
    ] as const) {
      const context = await newContext(browser(), false, locale);
      const page = await context.newPage();
      await page.goto(`/t/${id}`);
      await expect
        .poll(() => page.getByTestId('no-tournament').textContent(), SLOW)
        .toContain(says);
      await page.getByTestId('no-tournament').getByRole('link', { name: link }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/tournaments');
      await context.close();
    }
  });
});

describeInChromium('a long list of tournaments to come', (browser) => {
  it('shows the next twenty, and twenty more at a time when asked', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // 45 tournaments to come, listed as the server lists them: the soonest `?upcoming=N` (20 unless
    // asked), with how many more there are.
    const soon = PICTURED_TOURNAMENTS.upcoming[0]!;
    const all = Array.from({ length: 45 }, (_, n) => ({
      ...soon,
      id: `soon${String(n).padStart(4, '0')}`,
      name: `Event number ${n + 1}`,
      startsAt: Date.now() + (n + 1) * 3_600_000,
    }));
    const asked: (string | null)[] = [];
    await page.route(/\/api\/tournaments(\?.*)?$/, (route) => {
      const wanted = new URL(route.request().url()).searchParams.get('upcoming');
      asked.push(wanted);
      const shown = Math.min(100, Number(wanted ?? 20));
      return route.fulfill({
        json: {
          ...PICTURED_TOURNAMENTS,
          now: Date.now(),
          upcoming: all.slice(0, shown),
          moreUpcoming: Math.max(0, all.length - shown),
        },
      });
    });
    await page.goto('/tournaments');
    const rows = page.getByTestId('tournaments-upcoming').getByTestId('tournament-row');
    await expect.poll(() => rows.count(), SLOW).toBe(20);
    await page.getByRole('button', { name: 'Show 20 more events' }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(40);
    expect(asked).toContain('40');
    await page.getByRole('button', { name: 'Show 5 more events' }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(45);
    await expect.poll(() => page.getByTestId('tournaments-more').count()).toBe(0);
    await context.close();
  });
});
