// The board's two display switches, the same in the local and the online game: turn the
// board round, and write the cell names in the cells.

import type { Signal } from '@preact/signals';
import { t } from '../i18n/ui.ts';
import { preferences, updatePreferences } from './settings.ts';

/** Flip and cell names; `flipped` is the board's own, the cell names a stored preference. */
export function BoardToggles({ flipped }: { readonly flipped: Signal<boolean> }) {
  const coordinates = preferences.value.coordinates;
  return (
    <>
      <button
        type="button"
        aria-pressed={flipped.value}
        onClick={() => (flipped.value = !flipped.value)}
        title={t('top.flip.title')}
      >
        {t('top.flip')}
      </button>
      <button
        type="button"
        aria-pressed={coordinates}
        onClick={() => updatePreferences({ coordinates: !coordinates })}
        title={t('top.coordinates.title')}
      >
        {t('top.coordinates')}
      </button>
    </>
  );
}
