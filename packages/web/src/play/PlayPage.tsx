// The game page: the board as large as the window allows, and beside it (below it on a phone)
// the two player cards, the moves, the status line, the game's actions and the typed move;
// and the game's dialogs. On a phone the cards hug the board, the moves are one strip and the
// actions a bar at the bottom, so nothing a player needs is below the fold. The dialogs are
// fetched when one first opens: the first screen needs none of them.

import { chooserOf, opposite } from '@agon/engine';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { type LazyModule, useLazy } from '../lib/lazy.ts';
import { PlayerCard } from '../lib/PlayerCard.tsx';
import { PremoveNote } from '../lib/PremoveNote.tsx';
import { gameKind } from '../lib/wording.ts';
import { turnGames, yourTurns } from '../lib/your-turn.ts';
import { GAMES_PATH, gamePath } from '../online/address.ts';
import { BoardPanel } from './BoardPanel.tsx';
import { Controls } from './Controls.tsx';
import { Intro } from './Intro.tsx';
import { MoveInput } from './MoveInput.tsx';
import { MoveList } from './MoveList.tsx';
import type { Match } from './match.ts';
import { ReplayBar } from './ReplayBar.tsx';
import { Status } from './Status.tsx';
import { playerName } from './setup.ts';
import './play.css';

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

/** The card of the player of `colour`. */
function Card({ match, colour }: { readonly match: Match; readonly colour: 'white' | 'black' }) {
  const setup = match.setup.value;
  const pos = match.shownPosition.value;
  const live = match.game.position;
  const over = match.game.outcome !== undefined;
  // Under R16 the captor chooses the cell of a captured queen on its owner's turn.
  const rule = match.game.captorPlacesQueen;
  const chooser = chooserOf(pos, rule);
  return (
    <PlayerCard
      colour={colour}
      name={playerName(setup, colour)}
      side={setup.mode === 'computer' ? t(`player.${colour}`) : undefined}
      toMove={!over && chooser === colour}
      thinking={match.thinking.value && chooserOf(live, rule) === colour}
      relocating={!over && pos.relocating && pos.turnColour === colour && chooser === colour}
      placingQueen={!over && chooser === colour && pos.turnColour !== colour}
      inHand={pos.hand[colour === 'white' ? 0 : 1]}
    />
  );
}

/** The game's status line: a component of its own, so that a new status redraws only it. */
function MatchStatus({ match }: { readonly match: Match }) {
  return (
    <>
      <Status text={match.statusText.value} rule={match.statusRule.value} />
      <PremoveNote text={match.premoveStatus.value} cancel={() => match.cancelPremove()} />
    </>
  );
}

/**
 * For a returning online player: the lobby games waiting for their move (lib/your-turn.ts), a
 * way back to them beside the game with the computer: straight to the game when it is one, to
 * the page of their games when several wait.
 */
function YourTurns() {
  const count = yourTurns.value;
  if (count === 0) return null;
  const only = count === 1 ? turnGames.value[0]?.[0] : undefined;
  return (
    <a
      class="your-turns-note"
      href={only ? gamePath(only) : GAMES_PATH}
      data-testid="your-turns-note"
    >
      {t('nav.yourTurns', { count })}
    </a>
  );
}

const dialogs: LazyModule<typeof import('./dialogs.ts')> = {
  load: () => import('./dialogs.ts'),
};

/** The open dialog, drawn once the dialogs' code is here. */
function Dialog({
  match,
  open,
}: {
  readonly match: Match;
  readonly open: 'new' | 'record' | 'result';
}) {
  const module = useLazy(dialogs);
  if (!module) return null;
  if (open === 'new') return <module.NewGameDialog match={match} />;
  if (open === 'record') return <module.RecordDialog match={match} />;
  return <module.ResultDialog match={match} />;
}

/** The game page below the top bar: the board, the side panel and the open dialog. */
export function PlayPage({ match }: { readonly match: Match }) {
  // The computer runs while its game is shown: leaving for the rules, say, ends its search.
  useEffect(() => {
    match.resume();
    return () => match.pause();
  }, [match]);
  const bottom = match.orientation.value;
  const dialog = match.dialog.value;
  const kind = gameKind(match.setup.value);
  return (
    <>
      <main class="game-page">
        <div class="card-top">
          <Card match={match} colour={opposite(bottom)} />
        </div>
        <section class="board-area">
          <BoardPanel match={match} />
        </section>
        <div class="card-bottom">
          <Card match={match} colour={bottom} />
        </div>
        <Intro />
        <MoveList match={match} />
        <div class="status-area">
          {kind && <p class="game-kind">{kind}</p>}
          <MatchStatus match={match} />
          <YourTurns />
          <ReplayBar match={match} />
        </div>
        <Controls match={match} />
        <MoveInput play={(text) => match.playTyped(text)} />
      </main>
      {dialog ? (
        <Dialog match={match} open={dialog} />
      ) : (
        match.resultOpen.value && <Dialog match={match} open="result" />
      )}
    </>
  );
}
