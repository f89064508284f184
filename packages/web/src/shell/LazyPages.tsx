// The rules, the tutorial, the analysis board and the puzzles, each fetched the first time it is opened, so
// players who only play never download them.

import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { type LazyModule, useLazy } from '../lib/lazy.ts';
import { ruleAnchor } from '../lib/route.ts';

const learn: LazyModule<typeof import('../learn/Learn.tsx')> = {
  load: () => import('../learn/Learn.tsx'),
};

/** The rules page or the tutorial, with a line of text while its code arrives. */
export function LearnPages({ page }: { readonly page: 'rules' | 'tutorial' }) {
  const module = useLazy(learn);
  useEffect(() => {
    // A "Why?" link names a rule: show that rule once the page is drawn.
    const anchor = ruleAnchor(location.hash);
    if (module && page === 'rules' && anchor) document.getElementById(anchor)?.scrollIntoView();
  }, [module, page]);
  if (!module) return <Loading />;
  return <module.Learn page={page} />;
}

const puzzles: LazyModule<typeof import('../puzzles/Puzzles.tsx')> = {
  load: () => import('../puzzles/Puzzles.tsx'),
};

/** The puzzle page, with a line of text while its code arrives. */
export function PuzzlePages() {
  const module = useLazy(puzzles);
  return module ? <module.Puzzles /> : <Loading />;
}

const analysis: LazyModule<typeof import('../analysis/Analysis.tsx')> = {
  load: () => import('../analysis/Analysis.tsx'),
};

/** The analysis board, with a line of text while its code arrives. */
export function AnalysisPages() {
  const module = useLazy(analysis);
  return module ? <module.Analysis /> : <Loading />;
}

function Loading() {
  return (
    <main class="learn">
      <p class="loading">{t('app.loading')}</p>
    </main>
  );
}
