// A bot as people meet it: an identity turned into a bot through the Bot API is marked as one
// on its page, in the words of the page's language, so that nobody takes it for a person; and a
// house bot, found from the lobby, takes a person's challenge and answers their first move on
// the board; and one steps in for a newcomer whom nobody came to play in quick pairing.

import type { Identity } from '@agon/protocol';
import { expect, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  gameId,
  newContext,
  newNetwork,
  onlineMoves,
  openLobby,
  playFirstTurn,
  playTurn,
  SLOW,
  seeded,
} from './browser.ts';

describeInChromium('bots', (browser) => {
  it("marks a bot on its page, in the page's language", async () => {
    const context = await newContext(browser(), false, 'fi-FI');
    const made = await context.request.post('/api/players', { data: {} });
    const bot = (await made.json()) as Identity;
    const upgraded = await context.request.post('/api/bot/account/upgrade', {
      headers: { authorization: `Bearer ${bot.token}` },
    });
    expect(upgraded.status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/p/${bot.id}`);
    const name = page.getByTestId('player-name');
    await expect.poll(() => name.textContent(SLOW), SLOW).toContain(bot.name);
    await expect.poll(() => name.locator('.bot-mark').textContent(SLOW), SLOW).toBe('botti');

    // A person's page carries no such mark.
    const person = (await (
      await context.request.post('/api/players', { data: {} })
    ).json()) as Identity;
    await page.goto(`/p/${person.id}`);
    await expect.poll(() => name.textContent(SLOW), SLOW).toContain(person.name);
    expect(await name.locator('.bot-mark').count()).toBe(0);
    await context.close();
  });

  it('lets a person challenge a house bot from the lobby, and the bot answers their move', async () => {
    const context = await newContext(browser(), false, 'en-GB', newNetwork());
    const page = await context.newPage();
    await openLobby(page);
    const bots = page.getByTestId('house-bots');
    await bots.waitFor(SLOW);
    expect(await bots.textContent()).toContain('Play a bot:');
    await page.screenshot({ path: `${ARTIFACTS}bots-lobby-desktop.png` });
    await bots.getByRole('link', { name: /^Agon Bot 3/ }).click();

    // The bot's page, marked as a bot's, with the Challenge button a person's page has.
    const name = page.getByTestId('player-name');
    await expect.poll(() => name.textContent(SLOW), SLOW).toContain('Agon Bot 3');
    expect(await name.locator('.bot-mark').textContent()).toBe('bot');
    await page.getByRole('button', { name: 'Challenge Agon Bot 3' }).click();
    const dialog = page.getByTestId('challenge-dialog');
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await dialog.getByRole('button', { name: 'Send the challenge' }).click();

    // Accepted at once: the person is taken to the game, plays a piece, and the bot replies.
    await gameId(page);
    await playFirstTurn(page);
    await expect.poll(() => onlineMoves(page), SLOW).toHaveLength(2);
    await page.locator('.cell.origin').first().waitFor(SLOW);
    await page.screenshot({ path: `${ARTIFACTS}bots-reply-desktop.png` });

    // Resigned, so the bot is free for the next person.
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    await page.getByTestId('result').waitFor(SLOW);
    await context.close();
  });

  it('plays a newcomer alone in a pool after 20 s, and the bot is marked wherever it is named', async () => {
    const context = await newContext(browser(), false, 'en-GB', newNetwork());
    const page = await context.newPage();
    await openLobby(page);
    await page.getByTestId('pool-5+3').click();
    const said = page.getByTestId('seek-bot');
    await expect
      .poll(() => said.textContent(), SLOW)
      .toBe('If nobody comes within 20 s, a bot plays you.');
    await page.screenshot({ path: `${ARTIFACTS}bots-seek-desktop.png` });

    // Nobody else seeks 5+3: after its 20 s, a house bot takes the seek, and the game opens.
    await page.waitForURL(/\/g\//, { timeout: 40_000 });
    const game = await gameId(page);
    const opponent = page.locator('.player-card').filter({ has: page.locator('.bot-mark') });
    await expect.poll(() => opponent.count(), SLOW).toBe(1);
    expect(await opponent.textContent()).toContain('Agon Bot 3');
    expect(await opponent.locator('.bot-mark').textContent()).toBe('bot');

    // Someone watching the lobby sees the game in play, the bot marked.
    const watcher = await (await newContext(browser(), false, 'ru-RU', newNetwork())).newPage();
    await openLobby(watcher);
    const listed = watcher.getByTestId('live-games').locator(`a[href="/g/${game}"]`);
    await listed.waitFor(SLOW);
    expect(await listed.locator('.bot-mark').textContent()).toBe('бот');
    await watcher.context().close();

    // The person plays a few turns by clicks, the bot answering each, then resigns.
    const random = seeded(46);
    for (let turns = 0; turns < 3; turns++) {
      await page.locator('.cell.origin').first().waitFor(SLOW);
      const before = (await onlineMoves(page)).length;
      await playTurn(page, random);
      await expect
        .poll(async () => (await onlineMoves(page)).length, SLOW)
        .toBeGreaterThan(before + 1);
    }
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Really resign?' }).click();
    await page.getByTestId('result').waitFor(SLOW);
    // Rated, as any pool's game: the person's rating moved.
    await page.getByTestId('rating-change').first().waitFor(SLOW);
    await page.screenshot({ path: `${ARTIFACTS}bots-stepped-in-end-desktop.png` });

    // The person's own page lists the game against a bot.
    await page.goto('/me');
    const played = page.getByTestId('player-games').locator('li').first();
    await expect.poll(() => played.textContent(), SLOW).toContain('Agon Bot 3');
    expect(await played.locator('.bot-mark').textContent()).toBe('bot');
    await context.close();
  });
});
