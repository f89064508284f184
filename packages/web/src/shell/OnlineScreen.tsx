// Online play as its own screen of the app: the lobby, the player's games in play, a player's
// page, the page that creates a game by link, a game's page, or the tournaments and a
// tournament's page. Moving between them (a pairing, a rematch, a link) changes the address
// without reloading. Loaded only when an online address is opened (OnlineApp.tsx).

import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { GamesPage } from '../games/GamesPage.tsx';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { LeaguePage } from '../league/LeaguePage.tsx';
import type { AwayPage } from '../lib/PageLinks.tsx';
import { preferences } from '../lib/settings.ts';
import { playCaptureSound, playMoveSound } from '../lib/sound.ts';
import { CreatePage } from '../lobby/CreatePage.tsx';
import { LobbyPage } from '../lobby/LobbyPage.tsx';
import { gamePath, type OnlinePage, onlinePage } from '../online/address.ts';
import { Go } from '../online/Link.tsx';
import { ensureIdentity, identityLost } from '../online/players.ts';
import { onlineText, ot } from '../online/text.ts';
import { PlayerPage } from '../player/PlayerPage.tsx';
import { GamePage } from '../round/GamePage.tsx';
import { OnlineGame } from '../round/online-game.ts';
import { TournamentPage } from '../tournament/TournamentPage.tsx';
import { TournamentsPage } from '../tournament/TournamentsPage.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { TopBar } from './TopBar.tsx';
import '../online/online.css';

/** The game `id` while its page is open: connected on first use, stopped when left. */
function useOnlineGame(id: string | undefined, go: (path: string) => void): OnlineGame | undefined {
  const online = useMemo(
    () =>
      id === undefined
        ? undefined
        : new OnlineGame(id, {
            moved: (captured) => {
              if (!preferences.value.sound) return;
              if (captured) playCaptureSound();
              else playMoveSound();
            },
            rematch: go,
          }),
    [id, go],
  );
  useEffect(() => () => online?.stop(), [online]);
  return online;
}

/**
 * Said once, on any online page: the server no longer knew this browser's player, so a new one
 * was made. (A player that could not be made at all is said by the pages that need one.)
 */
function IdentityLost() {
  const lost = identityLost.value;
  if (!lost) return null;
  return (
    <div class="banners">
      <div class="banner" role="alert" data-testid="identity-lost">
        <p>{lost}</p>
        <div class="banner-actions">
          <button
            type="button"
            class="quiet small"
            onClick={() => (identityLost.value = undefined)}
          >
            {t('dialog.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

function Page({ page, go }: { readonly page: OnlinePage; readonly go: (path: string) => void }) {
  const online = useOnlineGame(page.page === 'game' ? page.id : undefined, go);
  if (online) return <GamePage key={online.id} online={online} />;
  switch (page.page) {
    case 'lobby':
      return <LobbyPage go={go} />;
    case 'games':
      return <GamesPage />;
    case 'player':
      return <PlayerPage id={page.id} />;
    case 'me':
      return <PlayerPage id={undefined} />;
    case 'league':
      return <LeaguePage key={page.key} leagueKey={page.key} asked={page.asked} />;
    case 'tournaments':
      return <TournamentsPage />;
    case 'tournament':
      return <TournamentPage key={page.id} id={page.id} />;
    default:
      return <CreatePage created={(id) => go(gamePath(id))} />;
  }
}

/** The top bar's link of the page shown, if it has one. */
function topBarPage(page: OnlinePage): AwayPage | undefined {
  if (page.page === 'lobby' || page.page === 'games') return page.page;
  return page.page === 'tournaments' || page.page === 'tournament' || page.page === 'league'
    ? 'tournaments'
    : undefined;
}

/** The online screen for `initial`. */
export function OnlineScreen({ initial }: { readonly initial: OnlinePage }) {
  const page = useSignal<OnlinePage>(initial);
  const go = useMemo(
    () =>
      (path: string): void => {
        history.pushState(null, '', path);
        page.value = onlinePage(location) ?? initial;
        scrollTo(0, 0);
      },
    [page, initial],
  );
  useEffect(() => {
    const back = (): void => {
      const next = onlinePage(location);
      // Back out of the online screens: the rest of the app starts afresh.
      if (next) page.value = next;
      else location.reload();
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [page]);
  useEffect(() => {
    // Every online page has a player behind it; the pages that need one say a failure.
    ensureIdentity().catch(() => undefined);
  }, []);
  const lang = language.value;
  const ready = onlineText.has(lang);
  useEffect(() => {
    if (!ready) void onlineText.load(lang);
  }, [lang, ready]);
  const current = page.value;
  useEffect(() => {
    document.title =
      current.page === 'lobby'
        ? `${ot('lobby.title')} · Agon`
        : current.page === 'games'
          ? `${ot('yours.title')} · Agon`
          : current.page === 'tournaments'
            ? `${ot('tour.title')} · Agon`
            : 'Agon';
  }, [current, ready, lang]);
  return (
    <Go.Provider value={go}>
      <div class="app">
        <TopBar away current={topBarPage(current)} />
        <IdentityLost />
        {ready ? <Page page={current} go={go} /> : <p class="loading">{t('app.loading')}</p>}
        <Toasts />
      </div>
    </Go.Provider>
  );
}
