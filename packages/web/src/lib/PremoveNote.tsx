// The queued premove in words, under the status, with the control that takes it back: the
// board's Escape and right click have no equal for a finger or a screen reader.

import { t } from '../i18n/ui.ts';

/** Says which premove is queued (`text`), with a Cancel button; nothing when none is. */
export function PremoveNote({
  text,
  cancel,
}: {
  readonly text: string | undefined;
  readonly cancel: () => void;
}) {
  if (text === undefined) return null;
  return (
    <div class="premove-note" data-testid="premove">
      <p role="status">{text}</p>
      <button type="button" class="quiet small" onClick={cancel}>
        {t('premove.cancel')}
      </button>
    </div>
  );
}
