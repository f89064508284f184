// The settings menu's notifications: each kind of notice with its switch, on where this device
// is subscribed and the kind not switched off. Turning a kind on where the device is not
// subscribed asks the browser's permission and subscribes; turning the last one off
// unsubscribes; any other change is told to the server at once.

import { NOTICE_KINDS, type NoticeKind } from '@agon/protocol';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { keptIdentity } from '../lib/identity.ts';
import { preferences, updatePreferences } from '../lib/settings.ts';
import {
  type PushProblem,
  pushSupported,
  readSubscription,
  resubscribe,
  subscribe,
  subscribed,
  unsubscribe,
} from './push.ts';

/** The notifications' section, for a browser that can be sent them and an online player. */
export function NoticeSettings() {
  const [failed, setFailed] = useState<PushProblem>();
  const usable = pushSupported() && keptIdentity() !== undefined;
  useEffect(() => {
    if (usable) readSubscription().catch(() => undefined);
  }, [usable]);
  if (!usable) return null;
  const off = preferences.value.noticesOff;
  const on = subscribed.value === true;
  const blocked = Notification.permission === 'denied';
  const flip = (kind: NoticeKind): void => {
    const wanted = on && !off.includes(kind);
    const next = wanted ? [...off, kind] : off.filter((k) => k !== kind);
    updatePreferences({ noticesOff: NOTICE_KINDS.filter((k) => next.includes(k)) });
    const change = wanted
      ? next.length === NOTICE_KINDS.length
        ? unsubscribe()
        : resubscribe()
      : on
        ? resubscribe()
        : subscribe().then(setFailed);
    change.catch(() => setFailed('failed'));
  };
  return (
    <div class="menu-section" data-testid="notices">
      <p class="menu-heading">{t('top.notices')}</p>
      {NOTICE_KINDS.map((kind) => (
        <button
          type="button"
          class="switch"
          key={kind}
          aria-pressed={on && !off.includes(kind)}
          disabled={blocked}
          data-testid={`notice-${kind}`}
          onClick={() => flip(kind)}
        >
          {t(`notices.${kind}`)}
        </button>
      ))}
      {blocked && <p class="menu-note">{t('notices.blocked')}</p>}
      {failed && !blocked && <p class="menu-note">{t(`push.problem.${failed}`)}</p>}
    </div>
  );
}
