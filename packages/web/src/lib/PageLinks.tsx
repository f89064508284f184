// The links between the app's pages: the game, the analysis board, the rules and the tutorial.

import { t } from '../i18n/ui.ts';
import { type Route, route, routeHref } from './route.ts';

const PAGES = ['play', 'analysis', 'rules', 'tutorial'] as const satisfies readonly Route[];

/**
 * The page links; the current page is marked for screen readers too. `away` (online play)
 * links back into the app from outside it; `picked` is the phone's pages menu, which closes
 * once a page is chosen.
 */
export function PageLinks({
  away = false,
  picked,
}: {
  readonly away?: boolean;
  readonly picked?: () => void;
}) {
  const inMenu = picked !== undefined;
  const current = away ? undefined : route.value;
  return (
    <nav class={inMenu ? 'pages-list' : 'pages'} aria-label={t('nav.pages')}>
      {PAGES.map((page) => (
        <a
          key={page}
          href={`${away ? '/' : ''}${routeHref(page)}`}
          aria-current={page === current ? 'page' : undefined}
          data-testid={inMenu ? `menu-page-${page}` : `page-${page}`}
          onClick={picked}
        >
          {t(`nav.${page}`)}
        </a>
      ))}
    </nav>
  );
}
