// The pages for learning the game, loaded only when first opened: the rules and the
// tutorial, shown once their words in the current language are here.

import { useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { Rules } from './Rules.tsx';
import { Tutorial } from './Tutorial.tsx';
import { learnWords } from './words.ts';
import './learn.css';

/** The rules page or the tutorial. */
export function Learn({ page }: { readonly page: 'rules' | 'tutorial' }) {
  const lang = language.value;
  const ready = learnWords.has(lang);
  useEffect(() => {
    if (!ready) void learnWords.load(lang);
  }, [lang, ready]);
  if (!ready) {
    return (
      <main class="learn">
        <p class="loading">{t('app.loading')}</p>
      </main>
    );
  }
  return page === 'rules' ? <Rules /> : <Tutorial />;
}
