// The settings menu's switches of the player's lobby settings on the server (GET and PATCH
// /api/me/settings): challenges only from players they have played, and quick pairing with
// people only (no house bot steps in). Shown only to a browser that has an online identity; its
// words are the app's, since the menu is on every page.

import type { LobbySettings } from '@agon/protocol';
import { type Signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { keptIdentity } from '../lib/identity.ts';
import { readSettings, saveSettings } from '../lib/lobby-settings.ts';

/** One switch: its setting as on or off, and the change it saves. */
interface Switch {
  readonly label: 'top.strangers' | 'top.peopleOnly';
  readonly testId: string;
  readonly on: (s: LobbySettings) => boolean;
  readonly change: (on: boolean) => Partial<LobbySettings>;
}

const SWITCHES: readonly Switch[] = [
  {
    label: 'top.strangers',
    testId: 'stranger-challenges',
    on: (s) => s.challengesFrom === 'played',
    change: (on) => ({ challengesFrom: on ? 'played' : 'everyone' }),
  },
  {
    label: 'top.peopleOnly',
    testId: 'people-only',
    on: (s) => s.peopleOnly,
    change: (on) => ({ peopleOnly: on }),
  },
];

/** The switches, once the player's settings are read; nothing without an identity. */
export function LobbySwitches() {
  const token = keptIdentity()?.token;
  const settings = useSignal<LobbySettings | undefined>(undefined);
  const failed = useSignal(false);
  useEffect(() => {
    if (token === undefined) return;
    readSettings(token).then(
      (s) => (settings.value = s),
      () => (failed.value = true),
    );
  }, [token]);
  if (token === undefined) return null;
  return (
    <>
      {SWITCHES.map((s) => (
        <SettingSwitch key={s.testId} token={token} of={s} settings={settings} failed={failed} />
      ))}
      {failed.value && (
        <p class="menu-note" role="status">
          {t('top.strangersFailed')}
        </p>
      )}
    </>
  );
}

/** A switch that saves its change at once, and goes back if the save fails. */
function SettingSwitch({
  token,
  of,
  settings,
  failed,
}: {
  readonly token: string;
  readonly of: Switch;
  readonly settings: Signal<LobbySettings | undefined>;
  readonly failed: Signal<boolean>;
}) {
  const now = settings.value;
  const on = now !== undefined && of.on(now);
  return (
    <button
      type="button"
      class="switch"
      aria-pressed={on}
      disabled={now === undefined}
      data-testid={of.testId}
      onClick={() => {
        if (!now) return;
        const before = now;
        settings.value = { ...now, ...of.change(!on) };
        failed.value = false;
        saveSettings(token, of.change(!on)).catch(() => {
          settings.value = before;
          failed.value = true;
        });
      }}
    >
      {t(of.label)}
    </button>
  );
}
