// The page of one online game, laid out as the local game's page: the board, and beside it
// (below it on a phone) the two players' cards with their clocks and presence, the link to
// share while the seat opposite is free, the moves, the status and offers, and the actions.

import { makeMoveText, opposite } from '@agon/engine';
import { DRAW_AFTER_MOVES } from '@agon/protocol';
import { ChallengeButton } from '../challenge/ChallengeButton.tsx';
import { t } from '../i18n/ui.ts';
import { openAnalysis } from '../lib/analysis-link.ts';
import { MoveRows } from '../lib/MoveRows.tsx';
import { PremoveNote } from '../lib/PremoveNote.tsx';
import { ruleHref } from '../lib/route.ts';
import { TwoStep } from '../lib/TwoStep.tsx';
import { gameKind } from '../lib/wording.ts';
import { PushPrompt } from '../notices/PushPrompt.tsx';
import { gameLink, gamePath } from '../online/address.ts';
import { abortable, drawTooEarly, lobbyGame } from '../online/fair-play.ts';
import { Link } from '../online/Link.tsx';
import { gameModeText } from '../online/lobby-text.ts';
import { ShareLink } from '../online/ShareLink.tsx';
import { words } from '../online/strings.ts';
import { ot } from '../online/text.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { OnlineBoard } from './OnlineBoard.tsx';
import type { OnlineGame } from './online-game.ts';
import { QuickMessages, QuickMessagesToggle } from './QuickMessages.tsx';
import { SeatBar } from './SeatBar.tsx';
import { TakebackButton, TakebackOffer } from './TakebackOffer.tsx';
import { TournamentBox } from './TournamentBox.tsx';
import './game-page.css';

/**
 * An online action: an icon over its label, as in the local game's row. One `locked` (saying
 * why) looks disabled but stays focusable and pressable, so that it can say why to a keyboard
 * or a finger too, which a disabled button could not.
 */
function Act(props: {
  readonly icon: IconName;
  readonly label: string;
  readonly onClick: () => void;
  readonly primary?: boolean;
  readonly disabled?: boolean;
  readonly locked?: string | undefined;
}) {
  return (
    <button
      type="button"
      class={`action${props.primary ? ' primary' : ''}${props.locked ? ' locked' : ''}`}
      disabled={props.disabled}
      aria-disabled={props.locked ? 'true' : undefined}
      title={props.locked}
      onClick={props.onClick}
    >
      <Icon name={props.icon} />
      <span class="label">{props.label}</span>
    </button>
  );
}

function Actions({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  if (!v) return null;
  if (you === null) {
    return v.next ? (
      <a class="button action" href={gamePath(v.next)}>
        <Icon name="forward" />
        <span class="label">{words.toRematch}</span>
      </a>
    ) : null;
  }
  const them = opposite(you);
  const seated = v.seats.white && v.seats.black;
  // Until both sides have moved in a lobby game, the server aborts instead of taking a
  // resignation: the control says what it does.
  const abort = abortable(v);
  const tooEarly =
    seated && drawTooEarly(v) ? ot('game.drawTooEarly', { count: DRAW_AFTER_MOVES }) : undefined;
  if (v.outcome) {
    // A lobby game's opponent has an identity, so they can be challenged again by name. A
    // tournament's game has no rematch: the tournament pairs its players.
    const opponent = v.players[them];
    return (
      <>
        {seated && !v.tournament && (
          <Act
            icon="rematch"
            primary
            label={
              v.rematchOffer === them
                ? words.acceptRematch
                : v.rematchOffer === you
                  ? words.rematchOffered
                  : words.rematch
            }
            disabled={v.rematchOffer === you}
            onClick={() => online.rematch()}
          />
        )}
        {opponent && <ChallengeButton to={opponent} class="action" />}
        {lobbyGame(v) ? (
          <Link class="button action" href="/lobby">
            <Icon name="newGame" />
            <span class="label">{ot('game.toLobby')}</span>
          </Link>
        ) : (
          <a class="button action" href="/online">
            <Icon name="newGame" />
            <span class="label">{words.newOnline}</span>
          </a>
        )}
      </>
    );
  }
  return (
    <>
      {online.mustPass.value && (
        <Act icon="forward" primary label={t('controls.pass')} onClick={() => online.pass()} />
      )}
      {v.drawOffer === them ? (
        <>
          <Act icon="draw" primary label={words.acceptDraw} onClick={() => online.draw('accept')} />
          <Act icon="close" label={words.decline} onClick={() => online.draw('decline')} />
        </>
      ) : (
        <Act
          icon="draw"
          label={v.drawOffer === you ? words.drawOffered : words.offerDraw}
          disabled={!seated || v.drawOffer === you}
          locked={tooEarly}
          onClick={() => (tooEarly ? online.explain(tooEarly) : online.draw('offer'))}
        />
      )}
      <TwoStep
        // Armed as one control or the other, never carried from Abort over to Resign.
        key={abort ? 'abort' : 'resign'}
        class="action"
        ask={
          <>
            <Icon name={abort ? 'close' : 'resign'} />
            <span class="label">{abort ? ot('game.abort') : words.resign}</span>
          </>
        }
        confirm={
          <>
            <Icon name={abort ? 'close' : 'resign'} />
            <span class="label">{abort ? ot('game.abortConfirm') : words.reallyResign}</span>
          </>
        }
        act={() => online.resign()}
      />
    </>
  );
}

function Moves({ online }: { readonly online: OnlineGame }) {
  const game = online.board;
  if (!game) return null;
  return (
    <section class="moves" aria-label={words.movesTitle}>
      <MoveRows
        moves={game.moves.map(makeMoveText)}
        firstTurn={game.initial.turn}
        empty={t(game.initial.placing ? 'moves.emptyPlacement' : 'moves.empty')}
      />
    </section>
  );
}

/** Turning the board round and analysing the game, beside the game's own buttons. */
function BoardActions({ online }: { readonly online: OnlineGame }) {
  const game = online.board;
  const v = online.view.value;
  // A player's analysis of their own lobby game is kept for them on the server.
  const own = v && online.you.value !== null && lobbyGame(v);
  return (
    <>
      <button
        type="button"
        class="action"
        aria-pressed={online.flipped.value}
        onClick={() => (online.flipped.value = !online.flipped.value)}
      >
        <Icon name="flip" />
        <span class="label">{t('top.flip')}</span>
      </button>
      {game && (
        <button
          type="button"
          class="action"
          onClick={() =>
            openAnalysis({
              start: game.initial,
              options: game.options,
              moves: [...game.moves],
              ply: game.moves.length,
              ...(own && {
                game: {
                  id: online.id,
                  days: Boolean(v.clock?.days && !v.outcome),
                  plies: game.moves.length,
                },
              }),
            })
          }
        >
          <Icon name="analyse" />
          <span class="label">{t('moves.analyse')}</span>
        </button>
      )}
    </>
  );
}

/** The page of game `online`. */
export function GamePage({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  const bottom = online.boardConfig.value.orientation ?? 'white';
  const line = online.line.value;
  const inviting = v && you !== null && !v.seats[opposite(you)];
  const notice = online.notice.value;
  const result = online.result.value;
  const firstMove = online.firstMove.value;
  const kind = v && gameKind(v);
  const mode = v && lobbyGame(v) ? gameModeText(v) : undefined;
  return (
    <main class="game-page online">
      <div class="card-top">
        <SeatBar online={online} colour={opposite(bottom)} />
      </div>
      <section class="board-area">
        <OnlineBoard online={online} />
      </section>
      <div class="card-bottom">
        <SeatBar online={online} colour={bottom} />
      </div>
      {inviting && <ShareLink link={gameLink(online.id)} title={words.shareTitle} />}
      <Moves online={online} />
      <div class="status-area">
        <TournamentBox online={online} />
        {(mode || kind) && (
          <p class="game-kind">
            {mode && <span data-testid="game-mode">{mode}</span>}
            {mode && kind && ' · '}
            {kind && <span data-testid="game-kind">{kind}</span>}
          </p>
        )}
        {line !== 'open' && v && !online.missing.value && (
          <p class="online-line" role="alert" data-testid="line">
            {line === 'connecting' ? words.connecting : words.reconnecting}
          </p>
        )}
        <div class="status-box">
          <div class="status-tools">
            <TakebackButton online={online} />
            <QuickMessagesToggle online={online} />
          </div>
          {result ? (
            <p class="online-result" role="status" data-testid="result">
              <strong>{result.title}</strong> {result.reason}
            </p>
          ) : (
            <p class="status" role="status" aria-live="polite" data-testid="online-status">
              {online.status.value}
            </p>
          )}
          {firstMove && (
            // A timer is not read out as it ticks; the status line above says whose move it is.
            <p class="online-note" role="timer" data-testid="first-move">
              {firstMove}
            </p>
          )}
          <PremoveNote text={online.premoveStatus.value} cancel={() => online.cancelPremove()} />
          {notice && (
            <p
              class={notice.calm ? 'online-note' : 'online-notice'}
              role={notice.calm ? 'status' : 'alert'}
              data-testid="notice"
            >
              {notice.text}{' '}
              {notice.rule && (
                <a class="why" href={`/${ruleHref(notice.rule)}`} data-testid="why">
                  {t('status.why')}
                </a>
              )}
            </p>
          )}
        </div>
        {v && !v.outcome && you !== null && v.drawOffer === opposite(you) && (
          <p class="online-offer">{words.theyOfferDraw}</p>
        )}
        <TakebackOffer online={online} />
        {v?.clock?.days && !v.outcome && you !== null && lobbyGame(v) && <PushPrompt />}
        {v?.outcome && you !== null && v.rematchOffer === opposite(you) && (
          <p class="online-offer">{words.theyWantRematch}</p>
        )}
        {v && v.watchers > 0 && <p class="online-watchers">{words.watching(v.watchers)}</p>}
        <QuickMessages online={online} />
        <NotesPanel online={online} />
      </div>
      <div class="actions" role="toolbar" aria-label={t('controls.label')}>
        <Actions online={online} />
        <BoardActions online={online} />
      </div>
    </main>
  );
}
