// The banners over the page: a new version ready (with the choice of when to take it), and
// being offline (what still works). Each stands at the top right on a wide screen and above
// the action bar on a phone, and never moves the page under it.

import { signal, useSignal } from '@preact/signals';
import { t } from '../i18n/ui.ts';
import { applyUpdate, updateWaiting } from '../lib/service-worker.ts';
import { Icon } from '../ui/Icon.tsx';

/** Shown while an update waits, until the player updates or puts it off. */
export function UpdateBanner() {
  const later = useSignal(false);
  if (!updateWaiting.value || later.value) return null;
  return (
    <div class="banner" role="status" data-testid="update">
      <p>{t('update.ready')}</p>
      <div class="banner-actions">
        <button type="button" class="quiet small" onClick={() => (later.value = true)}>
          {t('update.later')}
        </button>
        <button type="button" class="primary small" onClick={applyUpdate}>
          {t('update.apply')}
        </button>
      </div>
    </div>
  );
}

const offline = signal(typeof navigator !== 'undefined' && navigator.onLine === false);
if (typeof addEventListener === 'function') {
  addEventListener('online', () => (offline.value = false));
  addEventListener('offline', () => (offline.value = true));
}

/** Shown while the device has no connection: what goes on and what waits. */
export function OfflineBanner() {
  if (!offline.value) return null;
  return (
    <div class="banner offline" role="status" data-testid="offline">
      <Icon name="offline" />
      <p>{t('banner.offline')}</p>
    </div>
  );
}
