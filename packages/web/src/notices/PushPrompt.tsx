// The one question about notifications, asked at a moment that gives it a reason: on the page
// of a correspondence game the player sits in, where moves come days apart, while this device
// is not subscribed. The browser's own permission dialog opens only after "Yes" (and not at
// all where the site may notify already); "Not now" is kept, and the page asks no more (the
// settings menu can still turn notifications on).

import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { keptIdentity } from '../lib/identity.ts';
import { preferences, updatePreferences } from '../lib/settings.ts';
import { Icon } from '../ui/Icon.tsx';
import {
  type PushProblem,
  pushSupported,
  readSubscription,
  subscribe,
  subscribed,
} from './push.ts';
import './push-prompt.css';

/** The question, while this device could be told and has not been asked. */
export function PushPrompt() {
  const [failed, setFailed] = useState<PushProblem>();
  const [asking, setAsking] = useState(false);
  const askable =
    pushSupported() &&
    keptIdentity() !== undefined &&
    Notification.permission !== 'denied' &&
    !preferences.value.pushDeclined;
  useEffect(() => {
    if (askable) readSubscription().catch(() => undefined);
  }, [askable]);
  if (failed) {
    return (
      <p class="online-note" role="status" data-testid="push-failed">
        {t(`push.problem.${failed}`)}
      </p>
    );
  }
  if (!askable || subscribed.value !== false) return null;
  const yes = (): void => {
    setAsking(true);
    subscribe()
      .then(setFailed)
      .finally(() => setAsking(false));
  };
  return (
    <div class="online-offer push-prompt" role="status" data-testid="push-prompt">
      <p>{t('push.ask')}</p>
      <div class="push-answers">
        <button type="button" class="primary" disabled={asking} onClick={yes}>
          <Icon name="bell" />
          {t('push.yes')}
        </button>
        <button type="button" onClick={() => updatePreferences({ pushDeclined: true })}>
          {t('push.notNow')}
        </button>
      </div>
    </div>
  );
}
