// Notifications that cannot arrive, said as such, in Chromium: the waiting list saved on a device
// that is not subscribed says nothing will come and offers to turn notifications on; turning
// them on where the browser allows them but has no push service (as this Chromium has none)
// says why it failed and what to do, instead of a bare "could not be turned on".

import { expect, it } from 'vitest';
import { describeInChromium, newContext, openLobby, SLOW } from './browser.ts';

describeInChromium('notifications that cannot arrive', (browser) => {
  it('are not promised by the waiting list, and a failed subscription says why', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await openLobby(page);
    const list = page.getByTestId('waiting-list');
    const delivery = page.getByTestId('waiting-delivery');
    await expect
      .poll(() => delivery.textContent(), SLOW)
      .toBe('Notifications are not turned on on this device.Turn notifications on');

    await list.getByRole('button', { name: /^5\+3/ }).click();
    await list.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByTestId('waiting-state').textContent(), SLOW)
      .toBe('Saved, but nothing can arrive on this device until notifications work here.');

    await context.grantPermissions(['notifications']);
    await delivery.getByRole('button', { name: 'Turn notifications on' }).click();
    await expect
      .poll(() => delivery.locator('p').textContent(), SLOW)
      .toMatch(/^The browser allowed notifications but could not sign up with its push service/);
  });
});
