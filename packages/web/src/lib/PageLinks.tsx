// The links between the app's pages: the game, the analysis board, the rules, the tutorial, and
// online play's lobby and tournaments and the puzzles (addresses of their own, outside the
// hash-routed pages).

import { t } from '../i18n/ui.ts';
import { type Route, route, routeHref } from './route.ts';
import { incoming, waiting, yourTurns } from './your-turn.ts';

const PAGES = ['play', 'analysis', 'rules', 'tutorial'] as const satisfies readonly Route[];

/** What waits for the player, in words: games for their move, challenges to them; or nothing. */
export function waitingWords(): string | undefined {
  const parts = [
    ...(yourTurns.value > 0 ? [t('nav.yourTurns', { count: yourTurns.value })] : []),
    ...(incoming.value.length > 0 ? [t('nav.challenges', { count: incoming.value.length })] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** A page with an address of its own, outside the hash-routed pages. */
export type AwayPage = 'lobby' | 'games' | 'tournaments' | 'puzzles';

/**
 * The count beside the lobby's link of what waits for the player, a link of its own: to the
 * player's games when one waits for their move, else to the lobby, where the challenges are.
 */
function WaitingCount({
  inMenu,
  current,
  picked,
}: {
  readonly inMenu: boolean;
  readonly current: string | undefined;
  readonly picked: (() => void) | undefined;
}) {
  const games = yourTurns.value > 0;
  return (
    <a
      href={games ? '/games' : '/lobby'}
      class="turn-count"
      aria-current={games && current === 'games' ? 'page' : undefined}
      data-testid={inMenu ? 'menu-your-turns' : 'your-turns'}
      onClick={picked}
    >
      <span class="turn-badge" aria-hidden="true">
        {waiting.value}
      </span>
      <span class="sr-only">{waitingWords()}</span>
    </a>
  );
}

/**
 * The page links; the current page is marked for screen readers too. `away` (online play)
 * links back into the app from outside it, `current` names the online page shown; `picked` is
 * the phone's pages menu, which closes once a page is chosen.
 */
export function PageLinks({
  away = false,
  current: online,
  picked,
}: {
  readonly away?: boolean;
  readonly current?: AwayPage | undefined;
  readonly picked?: () => void;
}) {
  const inMenu = picked !== undefined;
  const current = away ? online : route.value;
  // The lobby and the tournaments come after the game: all are ways to play.
  const links = PAGES.map((page) => ({
    page,
    href: `${away ? '/' : ''}${routeHref(page)}`,
  })) as { readonly page: Route | Exclude<AwayPage, 'games'>; readonly href: string }[];
  links.splice(
    1,
    0,
    { page: 'lobby', href: '/lobby' },
    { page: 'tournaments', href: '/tournaments' },
  );
  // Puzzles after the analysis board: both are ways to study.
  links.splice(4, 0, { page: 'puzzles', href: '/puzzles' });
  return (
    <nav class={inMenu ? 'pages-list' : 'pages'} aria-label={t('nav.pages')}>
      {links.map(({ page, href }) => {
        const link = (
          <a
            key={page}
            href={href}
            aria-current={page === current ? 'page' : undefined}
            data-testid={inMenu ? `menu-page-${page}` : `page-${page}`}
            onClick={picked}
          >
            {t(`nav.${page}`)}
          </a>
        );
        if (page !== 'lobby' || waiting.value === 0) return link;
        return (
          <span key={page} class="page-with-count">
            {link}
            <WaitingCount inMenu={inMenu} current={current} picked={picked} />
          </span>
        );
      })}
    </nav>
  );
}
