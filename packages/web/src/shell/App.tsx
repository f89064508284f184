// The app's frame: the top bar (the page links and the settings), the update notice, the page
// the address names (the game, or, each loaded when first opened, the analysis board, the rules,
// the tutorial or the puzzles) and the toasts. An online address gets online play's screen.

import { useEffect } from 'preact/hooks';
import { pickLanguage } from '../i18n/language.ts';
import { setLanguage } from '../i18n/ui.ts';
import { isPuzzlePath } from '../lib/puzzle-link.ts';
import { route } from '../lib/route.ts';
import { preferences } from '../lib/settings.ts';
import { onlinePage } from '../online/address.ts';
import type { Match } from '../play/match.ts';
import { PlayPage, SkipToBoard } from '../play/PlayPage.tsx';
import { Toasts } from '../ui/Toasts.tsx';
import { AnalysisPages, LearnPages, PuzzlePages } from './LazyPages.tsx';
import { isAppPath, NotFound } from './NotFound.tsx';
import { OnlineApp } from './OnlineApp.tsx';
import { TopBar } from './TopBar.tsx';
import { OfflineBanner, UpdateBanner } from './UpdateBanner.tsx';

/** The whole app; `match` gives the game the game page shows, made when first asked for. */
export function App({ match }: { readonly match: () => Match }) {
  const settings = preferences.value;
  useEffect(() => {
    void setLanguage(settings.language ?? pickLanguage(navigator.languages));
  }, [settings.language]);
  const online = onlinePage(location);
  if (online) return <OnlineApp initial={online} />;
  if (isPuzzlePath(location.pathname)) {
    return (
      <div class="app">
        <TopBar away current="puzzles" />
        <div class="banners">
          <UpdateBanner />
          <OfflineBanner />
        </div>
        <PuzzlePages />
        <Toasts />
      </div>
    );
  }
  if (!isAppPath(location.pathname)) return <NotFound />;
  const page = route.value;
  const play = page === 'play';
  return (
    <div class="app">
      {play && <SkipToBoard />}
      <TopBar />
      <div class="banners">
        <UpdateBanner />
        <OfflineBanner />
      </div>
      {play ? (
        <PlayPage match={match()} />
      ) : page === 'analysis' ? (
        <AnalysisPages />
      ) : (
        <LearnPages page={page} />
      )}
      <Toasts />
    </div>
  );
}
