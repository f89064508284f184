// The links between the app's pages: the game, the rules and the tutorial.

import { t } from '../i18n/ui.ts';
import { type Route, route, routeHref } from '../lib/route.ts';

const PAGES = ['play', 'analysis', 'rules', 'tutorial'] as const satisfies readonly Route[];

/** The page links of the top bar; the current page is marked for screen readers too. */
export function PageLinks() {
  const current = route.value;
  return (
    <nav class="pages" aria-label={t('nav.pages')}>
      {PAGES.map((page) => (
        <a
          key={page}
          href={routeHref(page)}
          aria-current={page === current ? 'page' : undefined}
          data-testid={`page-${page}`}
        >
          {t(`nav.${page}`)}
        </a>
      ))}
    </nav>
  );
}
