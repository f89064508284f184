// A bot as people meet it: an identity turned into a bot through the Bot API is marked as one
// on its page, in the words of the page's language, so that nobody takes it for a person.

import type { Identity } from '@agon/protocol';
import { expect, it } from 'vitest';
import { describeInChromium, newContext, SLOW } from './browser.ts';

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
});
