// The settings menu's switch of challenges from strangers: on, a player takes challenges
// addressed to them only from players they have played (GET and PATCH /api/me/settings). Shown
// only to a browser that has an online identity; its words are the app's, since the menu is on
// every page.

import type { ChallengesFrom } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { keptIdentity } from '../lib/identity.ts';
import { readSettings, saveSettings } from '../lib/lobby-settings.ts';

/** The switch, once the player's setting is read; nothing without an identity. */
export function StrangerChallenges() {
  const token = keptIdentity()?.token;
  const from = useSignal<ChallengesFrom | undefined>(undefined);
  const failed = useSignal(false);
  useEffect(() => {
    if (token === undefined) return;
    readSettings(token).then(
      (s) => (from.value = s.challengesFrom),
      () => (failed.value = true),
    );
  }, [token]);
  if (token === undefined) return null;
  const closed = from.value === 'played';
  return (
    <>
      <button
        type="button"
        class="switch"
        aria-pressed={closed}
        disabled={from.value === undefined}
        data-testid="stranger-challenges"
        onClick={() => {
          const next: ChallengesFrom = closed ? 'everyone' : 'played';
          from.value = next;
          failed.value = false;
          saveSettings(token, { challengesFrom: next }).catch(() => {
            from.value = closed ? 'played' : 'everyone';
            failed.value = true;
          });
        }}
      >
        {t('top.strangers')}
      </button>
      {failed.value && (
        <p class="menu-note" role="status">
          {t('top.strangersFailed')}
        </p>
      )}
    </>
  );
}
