// The settings menu of the top bar, the one place for how the app looks and sounds, the way to
// this browser's online name and the notifications this device is sent (SettingsPanel.tsx,
// fetched when the menu first opens: the first screen needs none of it); and the install button
// while the browser offers to install the app.

import { t } from '../i18n/ui.ts';
import { type LazyModule, useLazy } from '../lib/lazy.ts';
import { install, installOffer } from '../lib/service-worker.ts';
import { Icon } from '../ui/Icon.tsx';
import { Menu } from '../ui/Menu.tsx';

const panel: LazyModule<typeof import('./SettingsPanel.tsx')> = {
  load: () => import('./SettingsPanel.tsx'),
};

/** The menu's panel once its code is here. */
function Panel() {
  const module = useLazy(panel);
  return module ? <module.SettingsPanel /> : null;
}

/** The settings button and its menu; the install button beside it when offered. */
export function SettingsMenu() {
  return (
    <>
      {installOffer.value && (
        <button type="button" class="quiet" onClick={() => void install()}>
          {t('top.install')}
        </button>
      )}
      <Menu
        button={<Icon name="settings" />}
        label={t('top.settings')}
        class="settings"
        testId="settings"
      >
        {() => <Panel />}
      </Menu>
    </>
  );
}
