// The game page: the board with a player bar above and below, the side panel (status, replay,
// buttons, typed move, move list) and the game's dialogs; and what the page adds to the app's
// top bar and before it (the game's description, its buttons, the link that skips to the board).

import { opposite } from '@agon/engine';
import { t } from '../i18n/ui.ts';
import { BoardToggles } from '../lib/BoardToggles.tsx';
import { BoardPanel } from './BoardPanel.tsx';
import { Controls } from './Controls.tsx';
import { Intro } from './Intro.tsx';
import { MoveInput } from './MoveInput.tsx';
import { MoveList } from './MoveList.tsx';
import type { Match } from './match.ts';
import { NewGameDialog } from './NewGameDialog.tsx';
import { PlayerBar } from './PlayerBar.tsx';
import { RecordDialog } from './RecordDialog.tsx';
import { ReplayBar } from './ReplayBar.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import { Status } from './Status.tsx';

/** The link, first on the page, that takes the keyboard past the top bar to the board. */
export function SkipToBoard() {
  return (
    <button
      type="button"
      class="skip"
      onClick={() =>
        document.querySelector<SVGElement>('.board-host [role="gridcell"][tabindex="0"]')?.focus()
      }
    >
      {t('app.skip')}
    </button>
  );
}

/** The game's kind in the top bar: the opponent (and level), the variant, touch-move. */
export function PlaySubtitle({ match }: { readonly match: Match }) {
  const setup = match.setup.value;
  const subtitle = [
    setup.mode === 'computer'
      ? t('top.subtitle.computer', { level: setup.level })
      : t('top.subtitle.people'),
    ...(setup.variant === 'placement' ? [t('top.subtitle.placement')] : []),
    ...(setup.touchMove ? [t('top.subtitle.touchMove')] : []),
  ];
  return <span class="subtitle">{subtitle.join(' · ')}</span>;
}

/** The game's buttons in the top bar: a new game, the record, the board's switches. */
export function PlayTools({ match }: { readonly match: Match }) {
  return (
    <>
      <button type="button" class="primary" onClick={() => (match.dialog.value = 'new')}>
        {t('top.newGame')}
      </button>
      <button type="button" onClick={() => (match.dialog.value = 'record')}>
        {t('top.record')}
      </button>
      <BoardToggles flipped={match.flipped} />
    </>
  );
}

/** The game's status line: a component of its own, so that a new status redraws only it. */
function MatchStatus({ match }: { readonly match: Match }) {
  return <Status text={match.statusText.value} rule={match.statusRule.value} />;
}

/** The game page below the top bar: the board, the side panel and the open dialog. */
export function PlayPage({ match }: { readonly match: Match }) {
  const bottom = match.orientation.value;
  const dialog = match.dialog.value;
  return (
    <>
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
      {dialog === 'new' && <NewGameDialog match={match} />}
      {dialog === 'record' && <RecordDialog match={match} />}
      {match.resultOpen.value && !dialog && <ResultDialog match={match} />}
    </>
  );
}
