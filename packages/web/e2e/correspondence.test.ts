// A correspondence game in two Chromium pages, as two people play one: a challenge of days per
// move made in the dialog and accepted from the list, the days shown on each card and the
// deadline as a date, each move giving the other side its days again, the game still there
// after a reload, and its players still free to seek a live game meanwhile. (The deadline
// passing, over a restart of the server, is the server's test: correspondence.test.ts.)

import { chargedUntil } from '@agon/protocol';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  gameId,
  openLobby,
  playFirstTurn,
  SLOW,
} from './browser.ts';
import { twoAtLobby } from './online-setup.ts';

describeInChromium('a correspondence game', (browser) => {
  it('is offered in days per move, shows each side its days and deadline, and keeps its players free', async () => {
    const {
      maker: white,
      taker: black,
      makerName: name,
    } = await twoAtLobby(browser(), { phone: true, rated: true });

    await white.getByTestId('create-challenge').click();
    const dialog = white.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: 'Correspondence' }).check();
    // The clock's minutes give way to the days.
    await expect.poll(() => dialog.getByRole('radio', { name: '30', exact: true }).count()).toBe(0);
    await dialog.getByRole('radio', { name: '3', exact: true }).check();
    await expect
      .poll(() => dialog.locator('.challenge-class').textContent())
      .toBe('3 days Rating class: Correspondence');
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await white.screenshot({ path: `${ARTIFACTS}correspondence-challenge-desktop.png` });
    await white.getByRole('button', { name: 'Create the challenge' }).click();

    const accept = black.getByRole('button', { name: `Accept the challenge of ${name}` });
    await accept.waitFor(SLOW);
    const row = black.getByTestId('challenge').filter({ hasText: name });
    expect(await row.textContent()).toContain('3 days');
    expect(await row.textContent()).toContain('Correspondence');
    await accept.tap();

    const [a, b] = await Promise.all([gameId(white), gameId(black)]);
    expect(a).toBe(b);
    await expect
      .poll(() => black.getByTestId('game-mode').textContent(), SLOW)
      .toBe('3 days Correspondence · Rated');
    // Nobody has moved: each side has its whole three days.
    await expect.poll(() => white.getByTestId('clock-white').textContent(), SLOW).toBe('3 d 00 h');

    await playFirstTurn(white);
    // White's move gives Black three days, counted down, with the date they end.
    const blackClock = black.getByTestId('clock-black');
    await expect.poll(() => blackClock.textContent(), SLOW).toMatch(/^(3 d 00 h|2 d 23 h)$/);
    await expect.poll(() => blackClock.getAttribute('aria-label'), SLOW).toMatch(/Move by /);
    await expect.poll(() => black.getByTestId('clock-white').textContent(), SLOW).toBe('3 d 00 h');
    // The status line says by when, and does not call an absent correspondent away.
    await expect
      .poll(() => black.getByTestId('online-status').textContent(), SLOW)
      .toMatch(/^Your move\. Move by .+\.$/);
    // By a date three days from now, in the page's language (English).
    const due = new Date(Date.now() + 3 * 86_400_000);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(due);
    expect(await black.getByTestId('online-status').textContent()).toContain(date);
    await black.screenshot({ path: `${ARTIFACTS}correspondence-game-phone.png` });
    await white.screenshot({ path: `${ARTIFACTS}correspondence-game-desktop.png` });

    // The game waits for Black across a reload.
    await black.reload();
    await expect
      .poll(() => black.locator('[data-testid="move-list"] .move:not(.empty)').count(), SLOW)
      .toBe(1);
    await expect.poll(() => blackClock.getAttribute('aria-label'), SLOW).toMatch(/Move by /);

    // The lobby lists each player's game in play, Black's turn marked, with the days left;
    // the top bar tells Black, on any page, that a game waits (on a phone, in the pages menu).
    await openLobby(black);
    const mine = black.getByTestId('your-game');
    await expect.poll(() => mine.count(), SLOW).toBe(1);
    expect(await mine.textContent()).toContain(name);
    expect(await mine.textContent()).toMatch(/3 days Correspondence/);
    expect(await mine.textContent()).toMatch(/Your turn · (3 d 00 h|2 d 23 h)/);
    expect(await mine.locator('svg').count()).toBe(1);
    await black.screenshot({ path: `${ARTIFACTS}correspondence-lobby-phone.png` });
    await black.getByRole('button', { name: /^Pages: 1 game waits for your move$/ }).tap();
    expect(await black.getByTestId('menu-your-turns').textContent()).toContain(
      '1 game waits for your move',
    );
    // Back on the game with the computer, the way back to it is there too.
    await black.goto('/');
    const back = black.getByTestId('your-turns-note');
    await expect.poll(() => back.textContent(), SLOW).toBe('1 game waits for your move');
    await black.screenshot({ path: `${ARTIFACTS}correspondence-play-phone.png`, fullPage: true });
    // The only game waiting: the way back opens it.
    await back.tap();
    expect(await gameId(black)).toBe(a);
    await openLobby(white);
    await expect
      .poll(() => white.getByTestId('your-game').textContent(), SLOW)
      .toMatch(/Their turn · (3 d 00 h|2 d 23 h)/);
    expect(await white.getByTestId('your-turns').count()).toBe(0);
    await white.screenshot({ path: `${ARTIFACTS}correspondence-lobby-desktop.png` });

    // Meanwhile White is free to seek a live game.
    await white.getByTestId('pool-5+3').click();
    await white.getByTestId('seeking').waitFor(SLOW);
    await white.getByRole('button', { name: 'Cancel' }).first().click();
    await expect.poll(() => white.getByTestId('seeking').count(), SLOW).toBe(0);
  });

  it('with weekends off, says so in the challenge and at the board, and puts the deadline past them', async () => {
    const {
      maker: white,
      taker: black,
      makerName: name,
    } = await twoAtLobby(browser(), { rated: true });
    await white.getByTestId('create-challenge').click();
    const dialog = white.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: 'Correspondence' }).check();
    // The clock's minutes and seconds give way to the days first: each has a "1" too.
    await expect.poll(() => dialog.getByRole('radio', { name: '30', exact: true }).count()).toBe(0);
    await dialog.getByRole('radio', { name: '1', exact: true }).check();
    const weekends = dialog.getByRole('button', {
      name: 'Weekends off: Saturdays and Sundays do not count',
    });
    expect(await weekends.getAttribute('aria-pressed')).toBe('false');
    await weekends.click();
    await expect.poll(() => weekends.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await white.getByRole('button', { name: 'Create the challenge' }).click();

    const row = black.getByTestId('challenge').filter({ hasText: name });
    await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain('Weekends off');
    await black.getByRole('button', { name: `Accept the challenge of ${name}` }).click();
    await gameId(black);
    await expect
      .poll(() => black.getByTestId('game-mode').textContent(), SLOW)
      .toBe('1 day Correspondence · Weekends off · Rated');
    await gameId(white);
    const sent = Date.now();
    await playFirstTurn(white);
    // Black's day, counted on weekdays only: the date the status line gives is that of the
    // moment a day of Mondays to Fridays from now has passed.
    await expect
      .poll(() => black.getByTestId('online-status').textContent(), SLOW)
      .toMatch(/^Your move\. Move by .+\.$/);
    const due = new Date(chargedUntil(true, sent, 86_400_000));
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(due);
    expect(await black.getByTestId('online-status').textContent()).toContain(date);
  });
});
