// The puzzle page, loaded only when first opened: its words in the current language and the
// puzzle set are fetched first, then the page is shown.

import type { Puzzle } from '@agon/engine';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { PuzzlePage } from './PuzzlePage.tsx';
import { loadPuzzles } from './set.ts';
import { pt, puzzleText } from './text.ts';
import './puzzles.css';

/** The puzzle page, once its words and the set are here. */
export function Puzzles() {
  const lang = language.value;
  const ready = puzzleText.has(lang);
  const puzzles = useSignal<readonly Puzzle[] | undefined>(undefined);
  const failed = useSignal(false);
  useEffect(() => {
    if (!ready) void puzzleText.load(lang);
  }, [lang, ready]);
  useEffect(() => {
    loadPuzzles().then(
      (set) => {
        puzzles.value = set;
      },
      () => {
        failed.value = true;
      },
    );
  }, [puzzles, failed]);
  if (!ready || (!puzzles.value && !failed.value)) {
    return (
      <main class="learn">
        <p class="loading">{t('app.loading')}</p>
      </main>
    );
  }
  if (!puzzles.value) {
    return (
      <main class="learn">
        <p class="loading" role="alert">
          {pt('failed')}
        </p>
      </main>
    );
  }
  return <PuzzlePage puzzles={puzzles.value} />;
}
