// The page: a top bar, the board with a player bar above and below, and the side panel.

import { opposite } from '@agon/engine';
import { useEffect } from 'preact/hooks';
import { BoardPanel } from './BoardPanel.tsx';
import { Controls } from './Controls.tsx';
import { MoveList } from './MoveList.tsx';
import type { Match } from './match.ts';
import { NewGameDialog } from './NewGameDialog.tsx';
import { PlayerBar } from './PlayerBar.tsx';
import { RecordDialog } from './RecordDialog.tsx';
import { ResultDialog } from './ResultDialog.tsx';

/** The whole app. */
export function App({ match }: { readonly match: Match }) {
  const settings = match.settings.value;
  useEffect(() => {
    document.documentElement.dataset.theme = settings.theme;
  }, [settings.theme]);
  const bottom = match.boardConfig.value.orientation ?? 'white';
  const dialog = match.dialog.value;
  const setup = match.setup.value;
  return (
    <div class="app">
      <header class="topbar">
        <h1>Agon</h1>
        <span class="subtitle">
          {setup.mode === 'computer' ? `vs computer, level ${setup.level}` : 'two players'}
          {setup.variant === 'placement' ? ' · placement' : ''}
          {setup.touchMove ? ' · touch-move' : ''}
        </span>
        <nav class="tools">
          <button type="button" class="primary" onClick={() => (match.dialog.value = 'new')}>
            New game
          </button>
          <button type="button" onClick={() => (match.dialog.value = 'record')}>
            Save / load
          </button>
          <button
            type="button"
            aria-pressed={match.flipped.value}
            onClick={() => (match.flipped.value = !match.flipped.value)}
            title="Turn the board round"
          >
            Flip
          </button>
          <button
            type="button"
            aria-pressed={settings.coordinates}
            onClick={() => match.updateSettings({ coordinates: !settings.coordinates })}
            title="Show cell names"
          >
            a1
          </button>
          <button
            type="button"
            aria-pressed={settings.sound}
            onClick={() => match.updateSettings({ sound: !settings.sound })}
            title={settings.sound ? 'Sound is on' : 'Sound is off'}
          >
            Sound
          </button>
          <button
            type="button"
            onClick={() =>
              match.updateSettings({ theme: settings.theme === 'dark' ? 'light' : 'dark' })
            }
            title="Light or dark theme"
          >
            {settings.theme === 'dark' ? 'Light' : 'Dark'}
          </button>
        </nav>
      </header>
      <main class="layout">
        <section class="board-area">
          <PlayerBar match={match} colour={opposite(bottom)} />
          <BoardPanel match={match} />
          <PlayerBar match={match} colour={bottom} />
        </section>
        <aside class="side">
          <p class="status" role="status" aria-live="polite" data-testid="status">
            {match.status.value}
          </p>
          <Controls match={match} />
          <MoveList match={match} />
        </aside>
      </main>
      {dialog === 'new' && <NewGameDialog match={match} />}
      {dialog === 'record' && <RecordDialog match={match} />}
      {match.resultOpen.value && !dialog && <ResultDialog match={match} />}
    </div>
  );
}
