// A challenge addressed to one player, in two Chromium pages as two people use it: one opens
// the other's page, challenges them with the challenge form and waits in the lobby; the other
// finds it at the top of their lobby and accepts, and both are in the game. Then, from the end
// of that game, a second challenge, which the other declines with a reason the first one reads.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium, gameId, openLobby, playerId, SLOW } from './browser.ts';
import { twoAtLobby } from './online-setup.ts';

/** The lobby's status line: refusals and the answers to this player's challenges. */
const notice = async (page: Page): Promise<string | undefined> =>
  (await page.getByTestId('lobby-notice').textContent())?.trim();

describeInChromium('a challenge to one player', (browser) => {
  it('is sent from their page and accepted; the next, from the end of the game, declined', async () => {
    const { maker, taker, makerName, takerName } = await twoAtLobby(browser(), {
      phone: true,
      rated: true,
    });
    // The taker's page, as a friend would send its link.
    const takerId = await playerId(taker);

    await maker.goto(`/p/${takerId}`);
    await expect.poll(() => maker.getByTestId('player-name').textContent(), SLOW).toBe(takerName);
    await maker.getByRole('button', { name: `Challenge ${takerName}` }).click();
    const dialog = maker.getByTestId('challenge-dialog');
    expect(await dialog.getByRole('heading').first().textContent()).toBe(`Challenge ${takerName}`);
    await dialog.getByRole('radio', { name: '3', exact: true }).first().check();
    await dialog.getByRole('radio', { name: '2', exact: true }).last().check();
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await maker.screenshot({ path: `${ARTIFACTS}direct-form-desktop.png` });
    await dialog.getByRole('button', { name: 'Send the challenge' }).click();

    // The challenger waits in the lobby, where the answer comes.
    await maker.waitForURL(/\/lobby$/, SLOW);
    const waiting = maker.getByTestId('outgoing-challenge');
    await waiting.waitFor(SLOW);
    expect(await waiting.textContent()).toContain(`Waiting for ${takerName} to answer`);
    expect(await waiting.textContent()).toContain('3+2');
    // Nobody else sees it among the open challenges.
    expect(await taker.getByTestId('challenge').count()).toBe(0);

    const offered = taker.getByTestId('incoming-challenge');
    await offered.waitFor(SLOW);
    expect(await offered.textContent()).toContain(`${makerName} challenges you`);
    expect(await offered.textContent()).toContain('3+2');
    expect(await offered.textContent()).toContain('Rated');
    await taker.screenshot({ path: `${ARTIFACTS}direct-incoming-phone.png` });
    await maker.screenshot({ path: `${ARTIFACTS}direct-waiting-desktop.png` });
    await offered.getByRole('button', { name: `Accept the challenge of ${makerName}` }).tap();

    const [a, b] = await Promise.all([gameId(maker), gameId(taker)]);
    expect(a).toBe(b);
    await expect
      .poll(() => taker.getByTestId('game-mode').textContent(), SLOW)
      .toMatch(/^3\+2 Blitz · Rated/);

    // Called off before anyone moved; from the end of the game, a challenge again.
    await maker.getByRole('button', { name: 'Abort game', exact: true }).click();
    await maker.getByRole('button', { name: 'Really abort?', exact: true }).click();
    await maker.getByRole('button', { name: `Challenge ${takerName}` }).click(SLOW);
    await maker.getByTestId('challenge-dialog').getByRole('radio', { name: '1' }).first().check();
    await maker.getByRole('button', { name: 'Send the challenge' }).click();
    await maker.getByTestId('outgoing-challenge').waitFor(SLOW);

    await openLobby(taker);
    const again = taker.getByTestId('incoming-challenge');
    await again.waitFor(SLOW);
    await again.getByRole('button', { name: 'Decline' }).tap();
    await again.getByRole('combobox', { name: 'Why' }).selectOption({ label: 'Too fast for me' });
    await taker.screenshot({ path: `${ARTIFACTS}direct-decline-phone.png` });
    await again.getByRole('button', { name: 'Decline the challenge' }).tap();

    await expect
      .poll(() => notice(maker), SLOW)
      .toBe(`${takerName} declined your challenge: “Too fast for me”`);
    await expect.poll(() => maker.getByTestId('outgoing-challenge').count(), SLOW).toBe(0);
    await expect.poll(() => taker.getByTestId('incoming-challenge').count(), SLOW).toBe(0);
    await maker.screenshot({ path: `${ARTIFACTS}direct-declined-desktop.png` });
  });
});
