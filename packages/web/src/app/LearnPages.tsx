// The rules and the tutorial, fetched the first time either is opened, so players who only
// play never download them.

import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { type Route, ruleAnchor } from './route.ts';

type LearnModule = typeof import('../learn/Learn.tsx');

let loaded: LearnModule | undefined;

/** The rules page or the tutorial, with a line of text while its code arrives. */
export function LearnPages({ page }: { readonly page: Exclude<Route, 'play'> }) {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    void import('../learn/Learn.tsx').then((m) => {
      loaded = m;
      setModule(m);
    });
  }, [module]);
  useEffect(() => {
    // A "Why?" link names a rule: show that rule once the page is drawn.
    const anchor = ruleAnchor(location.hash);
    if (module && page === 'rules' && anchor) document.getElementById(anchor)?.scrollIntoView();
  }, [module, page]);
  if (!module) {
    return (
      <main class="learn">
        <p class="loading">{t('app.loading')}</p>
      </main>
    );
  }
  return <module.Learn page={page} />;
}
