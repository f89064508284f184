// A player's own pages of a game of days in two Chromium pages, as two people use them: White's
// private notes kept across a reload and never on Black's page nor in Black's answers from the
// server; White's conditional moves made on the analysis board from the game, and White's
// answer played by the server the moment Black makes the expected move.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  cellsWith,
  clickCell,
  describeInChromium,
  onlineMoves,
  playFirstTurn,
  runAxe,
  SLOW,
} from './browser.ts';
import { challengeAccepted, twoAtLobby } from './online-setup.ts';

/** Makes the first move the board offers on an analysis board; answers its cells. */
async function firstMoveOn(page: Page): Promise<[string, string]> {
  await page.locator('.cell.origin').first().waitFor(SLOW);
  const [from] = await cellsWith(page, 'origin');
  await clickCell(page, from!);
  const [to] = await cellsWith(page, 'dest');
  await clickCell(page, to!);
  return [from!, to!];
}

/** Asserts that axe finds nothing wrong with what `page` shows. */
async function accessible(page: Page): Promise<void> {
  expect((await runAxe(page)).violations).toEqual([]);
}

/** What the server answers the page's own player for the notes of `game`. */
const notesAsSeenBy = (page: Page, game: string): Promise<unknown> =>
  page.evaluate(async (id) => {
    const { token } = JSON.parse(localStorage.getItem('agon.player') ?? '{}') as {
      token: string;
    };
    const response = await fetch(`/api/games/${id}/notes`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return response.json();
  }, game);

describeInChromium("a player's notes and conditional moves", (browser) => {
  it('keeps notes across a reload for their writer alone, and plays a conditional answer at once', async () => {
    const { maker: white, taker: black } = await twoAtLobby(browser(), { phone: true });
    const game = await challengeAccepted(white, black, { correspondence: true });
    await playFirstTurn(white);
    await expect.poll(() => onlineMoves(black), SLOW).toHaveLength(1);

    // White writes notes on the game and on the move just made; each is saved as typed.
    const notes = white.getByTestId('notes');
    await notes.getByText('Your notes', { exact: true }).click();
    await white.getByTestId('notes-game').fill('Keep the queen home');
    await expect.poll(() => white.getByTestId('notes-status').textContent(), SLOW).toBe('Saved.');
    await white.getByTestId('notes-move').fill('A calm start');
    await expect.poll(() => white.getByTestId('notes-status').textContent(), SLOW).toBe('Saved.');

    // A reload brings them back, folded away until opened.
    await white.reload();
    await white.getByTestId('notes').getByText('Your notes', { exact: true }).waitFor(SLOW);
    await accessible(white);
    await white.getByTestId('notes').getByText('Your notes', { exact: true }).click();
    await expect
      .poll(() => white.getByTestId('notes-game').inputValue(), SLOW)
      .toBe('Keep the queen home');
    expect(await white.getByTestId('notes-move').inputValue()).toBe('A calm start');
    await white.screenshot({ path: `${ARTIFACTS}notes-desktop.png` });

    // Black's page has Black's own (empty) notes; White's are nowhere on it, nor in what the
    // server answers Black's token.
    await black.getByTestId('notes').getByText('Your notes', { exact: true }).tap();
    await expect.poll(() => black.getByTestId('notes-game').inputValue(), SLOW).toBe('');
    expect(await black.content()).not.toContain('Keep the queen home');
    expect(await notesAsSeenBy(black, game)).toEqual({ note: '', moves: [], analysis: null });
    await black.screenshot({ path: `${ARTIFACTS}notes-phone.png` });
    await accessible(black);

    // White opens the analysis board from the game, plays Black's expected move and the answer,
    // and saves them as a conditional line.
    await white.getByRole('button', { name: 'Analyse' }).click();
    await white.getByTestId('conditional').waitFor(SLOW);
    const expected = await firstMoveOn(white);
    await firstMoveOn(white);
    await white.getByTestId('conditional-save').click();
    await expect
      .poll(() => white.getByTestId('conditional-status').textContent(), SLOW)
      .toBe('1 line kept.');
    expect(await white.getByTestId('conditional-lines').locator('li').count()).toBe(1);
    await white.screenshot({ path: `${ARTIFACTS}conditional-desktop.png` });
    await accessible(white);
    // The analysis is kept on the server for White (asked now and then: reads are limited),
    // not for Black.
    await expect
      .poll(async () => ((await notesAsSeenBy(white, game)) as { analysis: unknown }).analysis, {
        ...SLOW,
        interval: 1000,
      })
      .toEqual(expect.stringContaining(expected.join('-')));
    expect(((await notesAsSeenBy(black, game)) as { analysis: unknown }).analysis).toBeNull();

    // Black makes that move: White's answer arrives at once, with White away from the game.
    await clickCell(black, expected[0]);
    await clickCell(black, expected[1]);
    await expect.poll(() => onlineMoves(black), SLOW).toHaveLength(3);
    await expect
      .poll(() => black.getByTestId('online-status').textContent(), SLOW)
      .toMatch(/^Your move/);

    // Back on the analysis board after a reload, White's lines are still there.
    await white.reload();
    await white.getByTestId('analysis-kept').waitFor(SLOW);
    await expect
      .poll(() => white.locator('.analysis-moves').textContent(), SLOW)
      .toContain(expected.join('-'));

    // On the game page the move note is on the latest move; the first move's note is picked.
    await white.goto(`/g/${game}`);
    await white.getByTestId('notes').getByText('Your notes', { exact: true }).click();
    await expect.poll(() => white.getByTestId('notes-which').inputValue(), SLOW).toBe('3');
    expect(await white.getByTestId('notes-move').inputValue()).toBe('');
    await white.getByTestId('notes-which').selectOption('1');
    expect(await white.getByTestId('notes-move').inputValue()).toBe('A calm start');
  }, 120_000);
});
