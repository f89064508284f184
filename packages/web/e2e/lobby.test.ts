// The lobby in two Chromium pages, as two people use it: both pick the same quick pairing
// pool and meet in one game; one makes a challenge (R16: the captor places a captured queen)
// and the other accepts it from the list; a challenge with touch-move holds each mover to the
// piece picked up; a game can only be aborted until both sides have moved, and then counts for
// nobody; a rated game shows what it did to each rating, and its rule set's rating joins the
// player's page; a lobby that lost its list says so and holds back acceptances; a browser whose
// player the server forgot is shown its new one on /me; and a player renames themselves,
// refused first with the reason, then shown by the new name.

import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  cellsWith,
  clickCell,
  closeSettings,
  describeInChromium,
  gameId,
  lobbyName,
  newContext,
  openLobby,
  openSettings,
  playFirstTurn,
  SLOW,
} from './browser.ts';
import { challengeAccepted, type Seating, twoAtLobby } from './online-setup.ts';

/** The side this page plays in the game it shows: the card marked "(you)". */
async function seat(page: Page): Promise<string> {
  const own = page.locator('.player-card', { has: page.locator('.side', { hasText: '(you)' }) });
  await own.waitFor(SLOW);
  return (await own.getAttribute('data-player')) ?? '';
}

/**
 * Two new players seated as `seating` says, in a game by challenge on the default terms (5+3,
 * rated) with touch-move as asked; the maker plays White.
 */
async function meet(
  browser: Browser,
  seating: Seating,
  touchMove = false,
): Promise<{ white: Page; black: Page }> {
  const { maker: white, taker: black } = await twoAtLobby(browser, seating);
  await challengeAccepted(white, black, { touchMove });
  expect(await seat(white)).toBe('white');
  return { white, black };
}

/** Makes `turns` turns by clicks, White's page and Black's in turn, each seen by the other. */
async function playTurns(white: Page, black: Page, turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    const [mover, other] = turn % 2 === 0 ? [white, black] : [black, white];
    await playFirstTurn(mover);
    await expect
      .poll(() => other.locator('[data-testid="move-list"] .move:not(.empty)').count(), SLOW)
      .toBe(turn + 1);
  }
}

/** Resigns (or aborts) on `page`: the control, then its confirmation. */
async function confirm(page: Page, ask: string, really: string): Promise<void> {
  await page.getByRole('button', { name: ask, exact: true }).click();
  await page.getByRole('button', { name: really, exact: true }).click();
}

/** The rating change on `side`'s card on `page`, as a screen reader reads it. */
const changeOf = (page: Page, side: string): Promise<string | null> =>
  page.getByTestId(`player-${side}`).getByTestId('rating-change').textContent(SLOW);

/**
 * Serves the lobby's socket through the real server as if the server had lost its link to
 * the lobby's list; the route answers, so a test can send the list back.
 */
async function lobbyAway(context: BrowserContext): Promise<() => WebSocketRoute | undefined> {
  let route: WebSocketRoute | undefined;
  await context.routeWebSocket(/\/api\/lobby\/socket$/, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const said = JSON.parse(String(message)) as { t: string; lobby?: { status: string } };
      if (said.t === 'welcome' && said.lobby) said.lobby.status = 'reconnecting';
      ws.send(JSON.stringify(said));
    });
  });
  return () => route;
}

describeInChromium('the lobby', (browser) => {
  it('pairs two players who pick the same pool into one game with both clocks', async () => {
    const { maker: one, taker: two } = await twoAtLobby(browser(), { phone: true });
    await one.getByTestId('pool-3+2').click();
    await one.getByTestId('seeking').waitFor();
    expect(await one.getByTestId('pool-3+2').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => one.getByTestId('seek-elapsed').textContent(), SLOW).not.toBe('0:00');
    await one.screenshot({ path: `${ARTIFACTS}lobby-seeking-desktop.png` });
    await two.getByTestId('pool-3+2').click();

    const [a, b] = await Promise.all([gameId(one), gameId(two)]);
    expect(a).toBe(b);
    const sides = await Promise.all([seat(one), seat(two)]);
    expect(sides.sort()).toEqual(['black', 'white']);
    for (const page of [one, two]) {
      for (const side of ['white', 'black']) {
        await expect.poll(() => page.getByTestId(`clock-${side}`).textContent(), SLOW).toBe('3:00');
      }
      // The cards name the players, with a provisional rating for newcomers.
      expect(await page.locator('.player-card .rating').allTextContents()).toEqual([
        expect.stringMatching(/^\d+\?$/),
        expect.stringMatching(/^\d+\?$/),
      ]);
    }
    await two.screenshot({ path: `${ARTIFACTS}lobby-paired-phone.png` });
  });

  it('pairs two players whose waits share a pool of their ranges, and counts who looked', async () => {
    const { maker: one, taker: two } = await twoAtLobby(browser());
    const sought = async (page: Page): Promise<number> =>
      Number(/\d+/.exec((await page.getByTestId('sought').textContent()) ?? '')?.[0] ?? -1);
    await expect.poll(() => sought(two), SLOW).toBeGreaterThanOrEqual(0);
    const before = await sought(two);
    await one.getByTestId('pool-3+2').click();
    await one.getByTestId('seeking').waitFor(SLOW);
    // "Any blitz": 5+3 too, a switch on the wait's card.
    const range = one.getByTestId('seek-range');
    await range.getByRole('button', { name: '5+3' }).click();
    await expect
      .poll(() => range.getByRole('button', { name: '5+3' }).getAttribute('aria-pressed'), SLOW)
      .toBe('true');
    // Waiting in both, counted once among the people who looked for a game.
    await expect
      .poll(async () => (await two.getByTestId('pool-5+3').textContent()) ?? '', SLOW)
      .toContain('1 waiting');
    await expect.poll(() => sought(two), SLOW).toBe(before + 1);
    await one.screenshot({ path: `${ARTIFACTS}lobby-range-desktop.png` });

    await two.getByTestId('pool-5+3').click();
    const [a, b] = await Promise.all([gameId(one), gameId(two)]);
    expect(a).toBe(b);
    await expect.poll(() => one.getByTestId('clock-white').textContent(), SLOW).toBe('5:00');
  });

  it('offers the computer after a long wait with people only, and a cancelled wait is over', async () => {
    const page = await (await newContext(browser())).newPage();
    await openLobby(page);
    // People only: no house bot steps in, so the wait goes on (saved before the seek).
    await openSettings(page);
    const people = page.getByRole('button', { name: 'Quick pairing with people only, no bots' });
    await expect.poll(() => people.isEnabled(), SLOW).toBe(true);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/settings') && r.request().method() === 'PATCH',
    );
    await people.click();
    expect((await saved).status()).toBe(200);
    expect(await people.getAttribute('aria-pressed')).toBe('true');
    await closeSettings(page);
    await page.clock.install();
    await page.getByTestId('pool-15+10').click();
    await page.getByTestId('seeking').waitFor();
    await expect
      .poll(() => page.getByTestId('seek-bot').textContent(), SLOW)
      .toBe('People only: no bot steps in (settings menu).');
    expect(await page.getByTestId('seek-slow').count()).toBe(0);
    await page.clock.fastForward(21_000);
    await page.getByTestId('seek-slow').waitFor();
    await page.getByRole('button', { name: 'Keep waiting' }).click();
    await expect.poll(() => page.getByTestId('seek-slow').count()).toBe(0);
    await expect.poll(() => page.getByTestId('seeking').isVisible()).toBe(true);
    await page.getByTestId('seeking').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('seeking').count(), SLOW).toBe(0);
    expect(await page.getByTestId('pool-15+10').getAttribute('aria-pressed')).toBe('false');
  });

  it('lists a challenge for everyone, and accepting it starts the game for both', async () => {
    const { maker, taker, makerName: name } = await twoAtLobby(browser());

    await maker.getByTestId('create-challenge').click();
    const dialog = maker.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: '10', exact: true }).first().check();
    await dialog.getByRole('radio', { name: 'Black', exact: true }).check();
    await dialog.getByRole('radio', { name: 'Casual' }).check();
    await dialog.getByRole('radio', { name: 'The captor (historical)' }).check();
    // A bot may take a challenge nobody took within a minute, unless its maker says no.
    const bots = dialog.getByRole('button', {
      name: 'If nobody takes it within a minute, a bot may',
    });
    expect(await bots.getAttribute('aria-pressed')).toBe('true');
    await bots.click();
    await expect.poll(() => bots.getAttribute('aria-pressed')).toBe('false');
    await maker.getByRole('button', { name: 'Create the challenge' }).click();
    // The maker's own challenge is theirs to cancel, not to accept.
    await maker.getByRole('button', { name: 'Cancel your challenge' }).waitFor(SLOW);

    const accept = taker.getByRole('button', { name: `Accept the challenge of ${name}` });
    await accept.waitFor(SLOW);
    const row = taker.getByTestId('challenge').filter({ hasText: name });
    expect(await row.textContent()).toContain('Casual');
    // R16: the captor places a captured queen, said in the list before anyone accepts.
    expect(await row.textContent()).toContain('Captor places the queen');
    // The side the maker takes is marked, and named for those who cannot see the mark.
    expect(await row.getByTestId('challenge-side').getAttribute('title')).toBe(
      'The challenger plays Black',
    );
    expect(await row.textContent()).toContain('The challenger plays Black');
    await taker.screenshot({ path: `${ARTIFACTS}lobby-challenge-desktop.png` });
    await accept.click();

    const [a, b] = await Promise.all([gameId(maker), gameId(taker)]);
    expect(a).toBe(b);
    expect(await seat(maker)).toBe('black');
    expect(await seat(taker)).toBe('white');
    await expect
      .poll(() => taker.getByTestId('clock-white').textContent(), SLOW)
      .toMatch(/^10:00$/);
    expect(await taker.getByTestId('game-kind').textContent()).toBe('captor places queen');

    // Back in the lobby, a player in a game cannot seek another, and is shown the way back.
    await openLobby(maker);
    // The game in play is listed with its rule book (the suite's only R16 game).
    await expect
      .poll(() => maker.locator('.live-rule').allTextContents(), SLOW)
      .toEqual(['Captor places the queen']);
    await maker.getByTestId('pool-5+3').click();
    await expect
      .poll(() => maker.getByTestId('lobby-notice').textContent(), SLOW)
      .toContain('You are in a game already');
    expect(await maker.getByTestId('seeking').count()).toBe(0);
    await maker.getByRole('link', { name: 'Go to your game' }).click();
    expect(await gameId(maker)).toBe(a);
  });

  it('holds a mover to the piece picked up when the challenge has touch-move on', async () => {
    const { white, black } = await meet(browser(), {}, true);
    for (const page of [white, black]) {
      await expect.poll(() => page.getByTestId('game-kind').textContent(), SLOW).toBe('touch-move');
    }

    // White picks up a piece: it is touched, and the status says it must move.
    await white.locator('.cell.origin').first().waitFor(SLOW);
    const [first, second] = await cellsWith(white, 'origin');
    await clickCell(white, first!);
    const status = white.getByTestId('online-status');
    await expect.poll(() => status.textContent()).toMatch(new RegExp(`on ${first} must move`));
    // Another piece of White's does not take its place.
    await clickCell(white, second!);
    expect(await cellsWith(white, 'selected')).toEqual([first]);
    await expect
      .poll(() => white.getByTestId('notice').textContent())
      .toContain(`you must move the piece on ${first}`);
    // Reloaded, the page still holds the piece the server knows is touched.
    await white.reload();
    await expect.poll(() => cellsWith(white, 'selected'), SLOW).toEqual([first]);
    const [to] = await cellsWith(white, 'dest');
    await clickCell(white, to!);
    await expect
      .poll(() => black.getByTestId('move-list').textContent(), SLOW)
      .toContain(`${first}-${to}`);
    await black.screenshot({ path: `${ARTIFACTS}lobby-touch-move-desktop.png` });
  });

  it('offers only an abort until both sides have moved; an aborted game counts for nobody', async () => {
    // Both from this machine's one address: the rated challenge is played casual, and says why.
    const { white, black } = await meet(browser(), { phone: true });
    for (const page of [white, black]) {
      await expect
        .poll(() => page.getByTestId('game-mode').textContent(), SLOW)
        .toBe('5+3 Blitz · Casual: both players on one network');
      await page.getByRole('button', { name: 'Abort game' }).waitFor(SLOW);
      expect(await page.getByRole('button', { name: 'Resign' }).count()).toBe(0);
    }
    // White's first move leaves Black's to come: still only an abort, for both.
    await playTurns(white, black, 1);
    for (const page of [white, black]) {
      expect(await page.getByRole('button', { name: 'Abort game' }).count()).toBe(1);
    }
    await black.screenshot({ path: `${ARTIFACTS}lobby-abort-phone.png` });
    await confirm(black, 'Abort game', 'Really abort?');
    for (const page of [white, black]) {
      await expect
        .poll(() => page.getByTestId('result').textContent(), SLOW)
        .toBe(
          'Game aborted. It ended before both sides had moved, so it counts for nobody: no rating changes.',
        );
      expect(await page.getByTestId('rating-change').count()).toBe(0);
    }
  });

  it('shows both players what a rated game did to each rating, beside it', async () => {
    // Two networks: the server rates the game.
    const { white, black } = await meet(browser(), { phone: true, rated: true });
    await expect
      .poll(() => white.getByTestId('game-mode').textContent(), SLOW)
      .toBe('5+3 Blitz · Rated');
    // Too early for a draw: the control says when it will be possible, and sends nothing. It
    // is disabled to assistive technology but can be reached and pressed, here by keyboard.
    const draw = white.getByRole('button', { name: 'Offer a draw' });
    const when = 'In a rated game a draw can be offered once each side has made 10 moves.';
    expect(await draw.getAttribute('aria-disabled')).toBe('true');
    expect(await draw.getAttribute('title')).toBe(when);
    await draw.focus();
    await white.keyboard.press('Enter');
    await expect.poll(() => white.getByTestId('notice').textContent()).toBe(`${when} `);
    expect(await black.getByText('Your opponent offers a draw.').count()).toBe(0);

    await playTurns(white, black, 4);
    // Both have moved: a resignation is one now.
    expect(await white.getByRole('button', { name: 'Abort game' }).count()).toBe(0);
    await confirm(white, 'Resign', 'Really resign?');
    await expect.poll(() => white.getByTestId('result').textContent(), SLOW).toMatch(/^You lose\./);
    await expect.poll(() => black.getByTestId('result').textContent(), SLOW).toMatch(/^You win!/);
    for (const page of [white, black]) {
      await expect
        .poll(() => changeOf(page, 'white'), SLOW)
        .toMatch(/^Rating change \u2212[1-9]\d*$/);
      await expect.poll(() => changeOf(page, 'black'), SLOW).toMatch(/^Rating change \+[1-9]\d*$/);
      // Counted from the ratings the game was played at, which the cards still show.
      expect(await page.locator('.player-card .rating').allTextContents()).toEqual([
        '1500?',
        '1500?',
      ]);
    }
    await white.screenshot({ path: `${ARTIFACTS}lobby-rated-result-desktop.png` });
  });

  it('puts a rated game under house rules in a rating of its own on the player page', async () => {
    const { white, black } = await meet(browser(), { rated: true }, true);
    await expect
      .poll(() => black.getByTestId('game-mode').textContent(), SLOW)
      .toBe('5+3 Blitz · Rated');
    await playTurns(white, black, 2);
    await confirm(black, 'Resign', 'Really resign?');
    await expect.poll(() => changeOf(white, 'white'), SLOW).toMatch(/\+[1-9]\d*$/);

    await white.getByTestId('player-white').getByRole('link').click();
    await white.getByTestId('house-ratings').waitFor(SLOW);
    const card = white.getByTestId('rating-blitz-touch-move');
    expect(await card.locator('.rating-class').textContent()).toBe('Blitz');
    expect(await card.locator('.rating-rules').textContent()).toBe('Touch-move');
    expect(await card.locator('.rating-games').textContent()).toBe('1 game');
    // The standard blitz rating is untouched, and the game is marked with its rules.
    expect(await white.getByTestId('rating-blitz').locator('.rating-games').textContent()).toBe(
      '0 games',
    );
    expect(await white.getByTestId('game-rules').allTextContents()).toEqual(['Touch-move']);
  });

  it('says calmly when the lobby reconnects, lets the player seek, and holds back acceptances', async () => {
    const maker = await (await newContext(browser())).newPage();
    await openLobby(maker);
    const name = await lobbyName(maker);
    await maker.getByTestId('create-challenge').click();
    await maker.getByRole('button', { name: 'Create the challenge' }).click();

    const context = await newContext(browser());
    const route = await lobbyAway(context);
    const page = await context.newPage();
    await openLobby(page);
    const banner = page.getByRole('status').filter({ hasText: 'The lobby is reconnecting.' });
    await banner.waitFor(SLOW);
    expect(await banner.textContent()).toContain('Games go on.');
    const accept = page.getByRole('button', { name: `Accept the challenge of ${name}` });
    await accept.waitFor(SLOW);
    expect(await accept.isDisabled()).toBe(true);
    // Seeking still works: the server keeps the wait.
    await page.getByTestId('pool-10+5').click();
    await page.getByTestId('seeking').waitFor(SLOW);
    await page.screenshot({ path: `${ARTIFACTS}lobby-reconnecting-desktop.png` });

    // The list is back: the banner goes, and the challenge can be accepted.
    route()?.send(JSON.stringify({ t: 'changes', changes: { status: 'ok' } }));
    await expect.poll(() => banner.count(), SLOW).toBe(0);
    expect(await page.getByTestId('lobby-reconnecting').textContent()).toBe('');
    expect(await accept.isEnabled()).toBe(true);
    await page.getByTestId('seeking').getByRole('button', { name: 'Cancel' }).click();
    await maker.getByRole('button', { name: 'Cancel your challenge' }).click();
  });

  it('shows the new player on /me when the server had forgotten this browser’s', async () => {
    const context = await newContext(browser());
    const forgotten = { id: 'abcdefgh23', name: 'Lost Heron', token: 't'.repeat(43) };
    await context.addInitScript((kept) => {
      if (!localStorage.getItem('agon.player')) localStorage.setItem('agon.player', kept);
    }, JSON.stringify(forgotten));
    const page = await context.newPage();
    // The page learns that the old player is gone before it learns of the new one: the check
    // of this browser's player waits until the page has said so.
    await context.route('**/api/me', async (route) => {
      await page.getByText('There is no player at this address.').waitFor(SLOW);
      await route.continue();
    });
    await page.goto('/me');
    await page.getByTestId('identity-lost').waitFor(SLOW);
    const made = await page.evaluate(
      () => JSON.parse(localStorage.getItem('agon.player') ?? '{}') as { id: string; name: string },
    );
    expect(made.id).not.toBe(forgotten.id);
    await expect
      .poll(() => page.getByTestId('player-name').textContent(), SLOW)
      .toBe(`${made.name} (you)`);
    await context.close();
  });

  it('renames a player: a refused name says why, a good one shows on the player page', async () => {
    const page = await (await newContext(browser())).newPage();
    const other = await (await newContext(browser())).newPage();
    await page.goto('/me');
    await other.goto('/me');
    await page.getByTestId('player-name').waitFor(SLOW);
    const otherName = ((await other.getByTestId('player-name').textContent()) ?? '').replace(
      / ?\(you\)$/,
      '',
    );
    const field = page.getByLabel('New name');
    const save = page.getByRole('button', { name: 'Save the name' });
    const problem = page.getByTestId('name-problem');

    await field.fill('ab');
    await save.click();
    await expect.poll(() => problem.textContent()).toBe('A name has at least 3 characters.');
    await field.fill('Computer 3');
    await save.click();
    await expect.poll(() => problem.textContent()).toContain('pass for the computer');
    // Taken by another player: only the server knows, and says so.
    await field.fill(otherName);
    await save.click();
    await expect.poll(() => problem.textContent(), SLOW).toContain('already has that name');

    const fresh = `Heron ${Math.floor(Math.random() * 1e6)}`;
    await field.fill(fresh);
    await save.click();
    await expect.poll(() => page.getByTestId('player-name').textContent(), SLOW).toContain(fresh);
    expect(await problem.textContent()).toBe('');
    // The page anyone sees says it too, and so does the settings menu.
    const id = await page.evaluate(
      () => JSON.parse(localStorage.getItem('agon.player') ?? '{}').id,
    );
    await other.goto(`/p/${id}`);
    await expect.poll(() => other.getByTestId('player-name').textContent(), SLOW).toBe(fresh);
    await page.getByTestId('settings').click();
    expect(await page.getByTestId('online-name').textContent()).toBe(`Online name: ${fresh}`);
  });
});
