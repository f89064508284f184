// What waits for a player reaches them on any page, as two people use it in two Chromium pages:
// a challenge by name comes to a player at the game with the computer within seconds, with a
// notice to put away or answer (Accept opens the game), and the top bar's count of games
// waiting for the player's move follows each move of a game open on the page at once, not at
// the next minute's read.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium, gameId, playerId, playFirstTurn, SLOW } from './browser.ts';
import { challengeAccepted, twoAtLobby } from './online-setup.ts';

/** The longest a page may take to show news: the server sends changes once a second. */
const SOON = { timeout: 5000 };

/** The top bar's count beside the lobby's link, and what it says to a screen reader; or ''. */
const count = async (page: Page): Promise<string> => {
  const badge = page.getByTestId('your-turns');
  return (await badge.count()) > 0 ? ((await badge.textContent()) ?? '') : '';
};

/** Sends `maker`'s challenge to the player `id` named `name` from their page, as a person does. */
async function challenge(maker: Page, id: string, name: string): Promise<void> {
  await maker.goto(`/p/${id}`);
  await maker.getByRole('button', { name: `Challenge ${name}` }).click(SLOW);
  await maker.getByRole('button', { name: 'Send the challenge' }).click();
  await maker.getByTestId('outgoing-challenge').waitFor(SLOW);
}

describeInChromium('what waits for a player, on any page', (browser) => {
  it('tells of a challenge at the game with the computer, and Accept opens the game', async () => {
    const { maker, taker, makerName, takerName } = await twoAtLobby(browser());
    const takerId = await playerId(taker);
    await taker.goto('/');
    await taker.locator('.game-page').waitFor(SLOW);

    await challenge(maker, takerId, takerName);
    const notice = taker.getByTestId('challenge-notice');
    await notice.waitFor(SOON);
    expect(await notice.textContent()).toContain(`${makerName} challenges you`);
    expect(await count(taker)).toBe('11 challenge to you');
    await taker.screenshot({ path: `${ARTIFACTS}anywhere-challenge-desktop.png` });

    // Put away, it stays away on this tab's next page, while the count still shows it.
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await taker.reload();
    await expect.poll(() => count(taker), SOON).toBe('11 challenge to you');
    expect(await notice.count()).toBe(0);

    // A new challenge is news again; accepting it takes both to the game.
    await challenge(maker, takerId, takerName);
    await notice.waitFor(SOON);
    await notice.getByRole('button', { name: 'Accept' }).click();
    const [a, b] = await Promise.all([gameId(maker), gameId(taker)]);
    expect(a).toBe(b);
  });

  it("counts a game open on the page the moment it waits for the player's move, and not after it", async () => {
    const { maker: white, taker: black } = await twoAtLobby(browser());
    const game = await challengeAccepted(white, black, { correspondence: true });

    await expect.poll(() => count(white), SOON).toBe('11 game waits for your move');
    expect(await count(black)).toBe('');
    await playFirstTurn(white);
    await expect.poll(() => count(black), SOON).toBe('11 game waits for your move');
    await expect.poll(() => count(white), SOON).toBe('');
    await black.screenshot({ path: `${ARTIFACTS}anywhere-turn-desktop.png` });
    // At the game with the computer, the way back leads to that game itself.
    await black.goto('/');
    const back = black.getByTestId('your-turns-note');
    await expect.poll(() => back.textContent(), SLOW).toBe('1 game waits for your move');
    expect(await back.getAttribute('href')).toBe(`/g/${game}`);
  });
});
