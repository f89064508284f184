// Takebacks and quick messages between two browsers, as two people use them: White in English
// on a desktop, Black in Finnish on a phone. A takeback asked for and accepted, another
// declined; a quick message sent in English read in Finnish and back; the switch that turns
// quick messages off. Screenshots of the controls and an offer, light and dark, go to
// test-results.

import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  newContext,
  openApp,
  press,
  runAxe,
  SLOW,
} from './browser.ts';

const plies = (page: Page): Promise<number> =>
  page.locator('[data-testid="move-list"] .move:not(.empty)').count();

/** The quick messages a page shows, as "who: text" lines. */
const saidLines = (page: Page): Promise<string[]> =>
  page
    .getByTestId('quick-said-line')
    .evaluateAll((lines) =>
      lines.map(
        (l) =>
          `${l.querySelector('.quick-who')?.textContent}: ${l.querySelector('.quick-text')?.textContent}`,
      ),
    );

/** Screenshots of `page` in the light and the dark theme, each checked by axe-core. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The controls' colours fade to the new theme: axe reads them once the fades have ended.
    await page.evaluate(async () => {
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      await Promise.all(document.getAnimations().map((a) => a.finished));
    });
    const { violations } = await runAxe(page);
    expect({ name, colorScheme, violations }).toEqual({ name, colorScheme, violations: [] });
    await page.screenshot({
      path: `${ARTIFACTS}${name}-${colorScheme}.png`,
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describeInChromium('takebacks and quick messages between two browsers', (browser) => {
  it('takes a move back when asked and agreed, not when declined, and says quick messages in each reader’s language', async () => {
    const white = await (await newContext(browser())).newPage();
    const black = await (await newContext(browser(), true, 'fi-FI')).newPage();
    await white.goto(`${inject('baseURL')}online`);
    await white.getByRole('radio', { name: 'White (moves first)' }).check();
    await white.getByRole('radio', { name: '10 min + 5 s' }).check();
    await white.getByRole('button', { name: 'Create the game' }).click();
    const link = await white.getByTestId('share-link').inputValue();
    await openApp(black, link);
    await expect
      .poll(() => white.getByTestId('online-status').textContent(), SLOW)
      .toContain('Your move');

    await press(white, 'h9', false);
    await press(white, 'g10', false);
    await expect.poll(() => plies(black), SLOW).toBe(1);
    await press(black, 'f11', true);
    await press(black, 'f10', true);
    await expect.poll(() => plies(white), SLOW).toBe(2);

    // Black asks to take the reply back; White sees the asking and agrees.
    await black.getByRole('button', { name: 'Peru siirto' }).tap();
    await expect
      .poll(() => white.getByTestId('takeback-offer').textContent(), SLOW)
      .toBe('Your opponent asks to take back their last move.');
    await expect
      .poll(() => black.getByRole('button', { name: 'Perumista pyydetty' }).isDisabled(), SLOW)
      .toBe(true);
    expect(await black.getByTestId('takeback-waiting').textContent()).toBe(
      'Pyysit saada perua viimeisen siirtosi; odotetaan vastausta.',
    );
    await shoot(white, 'comforts-offer-desktop');
    await shoot(black, 'comforts-asked-phone');
    await white.getByRole('button', { name: 'Accept the takeback' }).click();
    for (const page of [white, black]) await expect.poll(() => plies(page), SLOW).toBe(1);
    await expect
      .poll(() => black.getByTestId('notice').textContent(), SLOW)
      .toContain('1 siirto peruttiin.');
    await expect.poll(() => white.getByTestId('takeback-offer').count(), SLOW).toBe(0);

    // Black plays on, then White asks and Black declines: nothing is taken back.
    await expect
      .poll(() => black.getByTestId('online-status').textContent(), SLOW)
      .toContain('Sinun siirtosi');
    await press(black, 'f11', true);
    await press(black, 'f10', true);
    await expect.poll(() => plies(white), SLOW).toBe(2);
    await white.getByRole('button', { name: 'Takeback' }).click();
    await expect
      .poll(() => black.getByTestId('takeback-offer').textContent(), SLOW)
      .toBe('Vastustajasi pyytää saada perua viimeisen siirtonsa.');
    await shoot(black, 'comforts-offer-phone');
    await black.getByRole('button', { name: 'Kieltäydy' }).tap();
    await expect
      .poll(() => white.getByTestId('notice').textContent(), SLOW)
      .toContain('Your opponent declined the takeback.');
    for (const page of [white, black]) expect(await plies(page)).toBe(2);

    // A quick message goes as an id: each side reads it in its own language.
    // The phrases are folded by the status until a player unfolds them.
    expect(await white.getByRole('button', { name: 'Good luck' }).count()).toBe(0);
    await white.getByRole('button', { name: 'Quick messages' }).click();
    await white.getByRole('button', { name: 'Good luck' }).click();
    await expect.poll(() => saidLines(black), SLOW).toEqual(['Vastustaja: Onnea peliin']);
    await expect.poll(() => saidLines(white), SLOW).toEqual(['You: Good luck']);
    await black.getByRole('button', { name: 'Pikaviestit' }).tap();
    await black.getByRole('button', { name: 'Kiitos' }).tap();
    await expect.poll(() => saidLines(white), SLOW).toEqual(['You: Good luck', 'Opponent: Thanks']);
    await shoot(white, 'comforts-said-desktop');
    await shoot(black, 'comforts-said-phone');

    // Switched off in the settings menu: nothing said is shown, and nothing can be sent.
    const settings = black.getByTestId('settings');
    await settings.tap();
    await black.getByTestId('quick-messages-switch').tap();
    await black.keyboard.press('Escape');
    // The menu closes with the page's next render; until then its switch, "Pikaviestit
    // peleissä", would be counted as the phrases' button below.
    await expect.poll(() => settings.getAttribute('aria-expanded'), SLOW).toBe('false');
    await expect.poll(() => black.getByTestId('quick-messages').count(), SLOW).toBe(0);
    expect(await black.getByRole('button', { name: 'Kiitos' }).count()).toBe(0);
    expect(await black.getByRole('button', { name: 'Pikaviestit' }).count()).toBe(0);
  }, 180_000);
});
