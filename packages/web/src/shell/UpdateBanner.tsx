// The notice that a new version is ready, with the choice of when to take it.

import { useSignal } from '@preact/signals';
import { t } from '../i18n/ui.ts';
import { applyUpdate, updateWaiting } from '../lib/service-worker.ts';

/** Shown while an update waits, until the player updates or puts it off. */
export function UpdateBanner() {
  const later = useSignal(false);
  if (!updateWaiting.value || later.value) return null;
  return (
    <div class="update" role="status" data-testid="update">
      <p>{t('update.ready')}</p>
      <button type="button" class="primary" onClick={applyUpdate}>
        {t('update.apply')}
      </button>
      <button type="button" onClick={() => (later.value = true)}>
        {t('update.later')}
      </button>
    </div>
  );
}
