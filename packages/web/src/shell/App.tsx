// The page: a top bar, then the game (the board with a player bar above and below, and the
// side panel) or, loaded when first opened, the rules or the tutorial.

import { opposite } from '@agon/engine';
import { useEffect } from 'preact/hooks';
import { pickLanguage } from '../i18n/language.ts';
import { setLanguage, t } from '../i18n/ui.ts';
import { BoardToggles } from '../lib/BoardToggles.tsx';
import { Preferences } from '../lib/Preferences.tsx';
import { route } from '../lib/route.ts';
import { preferences } from '../lib/settings.ts';
import { onlinePage } from '../online/address.ts';
import { OnlineApp } from '../online/OnlineApp.tsx';
import { BoardPanel } from '../play/BoardPanel.tsx';
import { Controls } from '../play/Controls.tsx';
import { Intro } from '../play/Intro.tsx';
import { MoveInput } from '../play/MoveInput.tsx';
import { MoveList } from '../play/MoveList.tsx';
import type { Match } from '../play/match.ts';
import { NewGameDialog } from '../play/NewGameDialog.tsx';
import { PlayerBar } from '../play/PlayerBar.tsx';
import { RecordDialog } from '../play/RecordDialog.tsx';
import { ReplayBar } from '../play/ReplayBar.tsx';
import { ResultDialog } from '../play/ResultDialog.tsx';
import { Status } from '../play/Status.tsx';
import { AnalysisPages, LearnPages } from './LazyPages.tsx';
import { PageLinks } from './PageLinks.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

/** The game's status line: a component of its own, so that a new status redraws only it. */
function MatchStatus({ match }: { readonly match: Match }) {
  return <Status text={match.statusText.value} rule={match.statusRule.value} />;
}

/** The whole app. */
export function App({ match }: { readonly match: Match }) {
  const settings = preferences.value;
  useEffect(() => {
    document.documentElement.dataset.theme = settings.theme;
  }, [settings.theme]);
  useEffect(() => {
    void setLanguage(settings.language ?? pickLanguage(navigator.languages));
  }, [settings.language]);
  const online = onlinePage(location);
  if (online) return <OnlineApp initial={online} />;
  const bottom = match.orientation.value;
  const dialog = match.dialog.value;
  const setup = match.setup.value;
  const page = route.value;
  const subtitle = [
    setup.mode === 'computer'
      ? t('top.subtitle.computer', { level: setup.level })
      : t('top.subtitle.people'),
    ...(setup.variant === 'placement' ? [t('top.subtitle.placement')] : []),
    ...(setup.touchMove ? [t('top.subtitle.touchMove')] : []),
  ];
  return (
    <div class="app">
      {page === 'play' && (
        <button
          type="button"
          class="skip"
          onClick={() =>
            document
              .querySelector<SVGElement>('.board-host [role="gridcell"][tabindex="0"]')
              ?.focus()
          }
        >
          {t('app.skip')}
        </button>
      )}
      <header class="topbar">
        <h1>Agon</h1>
        <PageLinks />
        {page === 'play' && <span class="subtitle">{subtitle.join(' · ')}</span>}
        <div class="tools">
          {page === 'play' && (
            <>
              <button type="button" class="primary" onClick={() => (match.dialog.value = 'new')}>
                {t('top.newGame')}
              </button>
              <button type="button" onClick={() => (match.dialog.value = 'record')}>
                {t('top.record')}
              </button>
              <BoardToggles flipped={match.flipped} />
            </>
          )}
          <Preferences />
        </div>
      </header>
      <UpdateBanner />
      {page === 'play' ? (
        <main class="layout">
          <Intro />
          <section class="board-area">
            <PlayerBar match={match} colour={opposite(bottom)} />
            <BoardPanel match={match} />
            <PlayerBar match={match} colour={bottom} />
          </section>
          <aside class="side">
            <MatchStatus match={match} />
            <ReplayBar match={match} />
            <Controls match={match} />
            <MoveInput match={match} />
            <MoveList match={match} />
          </aside>
        </main>
      ) : page === 'analysis' ? (
        <AnalysisPages />
      ) : (
        <LearnPages page={page} />
      )}
      {page === 'play' && dialog === 'new' && <NewGameDialog match={match} />}
      {page === 'play' && dialog === 'record' && <RecordDialog match={match} />}
      {page === 'play' && match.resultOpen.value && !dialog && <ResultDialog match={match} />}
    </div>
  );
}
