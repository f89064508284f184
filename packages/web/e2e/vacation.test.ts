// Vacation in a game of days in two Chromium pages, as two people meet it: Black, at a phone,
// goes on vacation from their own page; White, at a desktop, sees "On vacation until …" beside
// Black's name at the board and on the game's card in their games, and no longer once Black
// ends it. Then Black books two days three days on: the form shows the booking, White's board
// says nothing of it before it starts, and cancelling it gives the days back; one booked
// meanwhile from another device makes this page's booking refused, in words. (A deadline moved
// by vacation, taken or booked, is the server's test: vacation.test.ts, vacation-booked.test.ts.)

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium, playFirstTurn, SLOW } from './browser.ts';
import { challengeAccepted, twoAtLobby } from './online-setup.ts';

/** Opens the player's own page, as the settings' name link does. */
async function ownPage(page: Page): Promise<void> {
  await page.goto(new URL('/me', page.url()).href);
  await page.getByTestId('vacation').waitFor(SLOW);
}

describeInChromium('a correspondent on vacation', (browser) => {
  it('is shown to the opponent at the board until the vacation ends', async () => {
    const { maker: white, taker: black } = await twoAtLobby(browser(), { phone: true });
    const game = await challengeAccepted(white, black, { correspondence: true });
    await playFirstTurn(white);
    const gamePage = new URL(`/g/${game}`, white.url()).href;

    // Black goes on vacation for four days from their own page.
    await ownPage(black);
    const form = black.getByTestId('vacation');
    await expect
      .poll(() => form.getByTestId('vacation-left').textContent(), SLOW)
      .toBe('15 vacation days left');
    await form.getByLabel('Days').fill('4');
    await form.getByRole('button', { name: 'Go on vacation' }).click();
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      new Date(Date.now() + 4 * 86_400_000),
    );
    await expect
      .poll(() => form.getByTestId('vacation-until').textContent(), SLOW)
      .toContain(until);
    expect(await form.getByTestId('vacation-left').textContent()).toBe('11 vacation days left');
    await black.screenshot({ path: `${ARTIFACTS}vacation-form-phone.png` });

    // White sees it beside Black's name, with the date.
    await white.goto(gamePage);
    const mark = white.getByTestId('vacation-black');
    await expect.poll(() => mark.textContent(), SLOW).toMatch(/^On vacation until /);
    expect(await mark.textContent()).toContain(until);
    expect(await white.getByTestId('vacation-white').count()).toBe(0);
    await white.screenshot({ path: `${ARTIFACTS}vacation-board-desktop.png` });
    // ...and on the game's card in their games, in the same words.
    const said = await mark.textContent();
    await white.goto(new URL('/games', white.url()).href);
    await expect.poll(() => white.getByTestId('your-game-away').textContent(), SLOW).toBe(said);
    // Black's own board, at the phone, says it too.
    await black.goto(gamePage);
    await expect
      .poll(() => black.getByTestId('vacation-black').textContent(), SLOW)
      .toContain(until);
    await black.screenshot({ path: `${ARTIFACTS}vacation-board-phone.png` });

    // Black ends it by hand: the days not reached come back (less the seconds it lasted, so
    // fourteen whole days), and White's board no longer says it.
    await ownPage(black);
    await form.getByRole('button', { name: 'End the vacation' }).click();
    await expect.poll(() => form.getByTestId('vacation-until').count(), SLOW).toBe(0);
    await expect
      .poll(() => form.getByTestId('vacation-left').textContent(), SLOW)
      .toBe('14 vacation days left');
    await white.goto(gamePage);
    await white.getByTestId('player-black').waitFor(SLOW);
    await expect.poll(() => white.getByTestId('clock-black').count(), SLOW).toBe(1);
    expect(await white.getByTestId('vacation-black').count()).toBe(0);

    // Black books two days from the day three days on, at the start of that day where they are.
    await ownPage(black);
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setHours(0, 0, 0, 0);
    const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    await form.getByLabel('Days').fill('2');
    await form.getByLabel('From').fill(day);
    await black.screenshot({ path: `${ARTIFACTS}vacation-book-phone.png` });
    await form.getByRole('button', { name: 'Book the vacation' }).click();
    const medium = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
    const booked = form.getByTestId('vacation-booked');
    await expect.poll(() => booked.textContent(), SLOW).toMatch(/^Booked: away from /);
    expect(await booked.textContent()).toContain(medium.format(start));
    expect(await booked.textContent()).toContain(medium.format(start.getTime() + 2 * 86_400_000));
    expect(await form.getByTestId('vacation-left').textContent()).toBe('12 vacation days left');
    await black.screenshot({ path: `${ARTIFACTS}vacation-booked-phone.png` });
    // Before it starts, White's board says nothing of it.
    await white.goto(gamePage);
    await white.getByTestId('player-black').waitFor(SLOW);
    await expect.poll(() => white.getByTestId('clock-black').count(), SLOW).toBe(1);
    expect(await white.getByTestId('vacation-black').count()).toBe(0);
    // Cancelled before it starts: both days come back, and the form is there again, with the
    // day picked before.
    await form.getByRole('button', { name: 'Cancel the booking' }).click();
    await expect.poll(() => booked.count(), SLOW).toBe(0);
    await expect
      .poll(() => form.getByTestId('vacation-left').textContent(), SLOW)
      .toBe('14 vacation days left');
    expect(await form.getByLabel('From').inputValue()).toBe(day);
    expect(await form.getByRole('button', { name: 'Book the vacation' }).count()).toBe(1);

    // Meanwhile Black books from another device: this page, not yet told, asks again and is
    // told why not in words.
    const booking = await black.evaluate(async (from) => {
      const { token } = JSON.parse(localStorage.getItem('agon.player') ?? '{}') as {
        token: string;
      };
      const answer = await fetch('/api/me/vacation', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ days: 1, from }),
      });
      return answer.status;
    }, start.getTime() + 86_400_000);
    expect(booking).toBe(200);
    await form.getByRole('button', { name: 'Book the vacation' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), SLOW)
      .toBe('You have a vacation booked already: cancel it first.');
  }, 120_000);
});
