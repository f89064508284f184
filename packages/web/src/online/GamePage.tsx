// The page of one online game: the board between the two seats, and beside it the link to
// share, the status, the offers, the buttons and the moves.

import { makeMoveText, opposite } from '@agon/engine';
import { useSignal } from '@preact/signals';
import { t } from '../i18n/ui.ts';
import { openAnalysis } from '../lib/analysis-link.ts';
import { ruleHref } from '../lib/route.ts';
import { TwoStep } from '../lib/TwoStep.tsx';
import { outcomeReason, outcomeTitle } from '../lib/wording.ts';
import { gameLink, gamePath } from './address.ts';
import { OnlineBoard } from './OnlineBoard.tsx';
import type { OnlineGame } from './online-game.ts';
import { SeatBar } from './SeatBar.tsx';
import { words } from './strings.ts';

function ShareLink({ id }: { readonly id: string }) {
  const copied = useSignal(false);
  const link = gameLink(id);
  return (
    <section class="online-share" data-testid="share">
      <h2>{words.shareTitle}</h2>
      <div class="share-row">
        <input
          readOnly
          value={link}
          aria-label={words.shareTitle}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-link"
        />
        <button
          type="button"
          class="primary"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => {
              copied.value = true;
            });
          }}
        >
          {copied.value ? words.copied : words.copy}
        </button>
      </div>
    </section>
  );
}

function Actions({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  if (!v) return null;
  if (you === null) {
    return v.next ? (
      <div class="controls">
        <a class="button" href={gamePath(v.next)}>
          {words.toRematch}
        </a>
      </div>
    ) : null;
  }
  const them = opposite(you);
  const seated = v.seats.white && v.seats.black;
  if (v.outcome) {
    return (
      <div class="controls">
        {seated &&
          (v.rematchOffer === them ? (
            <button type="button" class="primary" onClick={() => online.rematch()}>
              {words.acceptRematch}
            </button>
          ) : (
            <button
              type="button"
              class="primary"
              disabled={v.rematchOffer === you}
              onClick={() => online.rematch()}
            >
              {v.rematchOffer === you ? words.rematchOffered : words.rematch}
            </button>
          ))}
        <a class="button" href="/online">
          {words.newOnline}
        </a>
      </div>
    );
  }
  return (
    <div class="controls">
      {v.drawOffer === them ? (
        <>
          <button type="button" class="primary" onClick={() => online.draw('accept')}>
            {words.acceptDraw}
          </button>
          <button type="button" onClick={() => online.draw('decline')}>
            {words.decline}
          </button>
        </>
      ) : (
        <button
          type="button"
          disabled={!seated || v.drawOffer === you}
          onClick={() => online.draw('offer')}
        >
          {v.drawOffer === you ? words.drawOffered : words.offerDraw}
        </button>
      )}
      <TwoStep ask={words.resign} confirm={words.reallyResign} act={() => online.resign()} />
    </div>
  );
}

function Moves({ online }: { readonly online: OnlineGame }) {
  const game = online.board;
  if (!game) return null;
  const first = game.initial.turn;
  const rows: { number: number; plies: (string | undefined)[] }[] = [];
  game.moves.forEach((m, i) => {
    const slot = (first + i) % 2;
    if (rows.length === 0 || slot === 0) {
      rows.push({ number: Math.floor((first + i) / 2) + 1, plies: [undefined, undefined] });
    }
    rows[rows.length - 1]!.plies[slot] = makeMoveText(m);
  });
  return (
    <section class="moves" aria-label={words.movesTitle}>
      <button
        type="button"
        class="analyse"
        onClick={() =>
          openAnalysis({ start: game.initial, moves: [...game.moves], ply: game.moves.length })
        }
      >
        {t('moves.analyse')}
      </button>
      <ol class="move-list" data-testid="move-list">
        {rows.map((row) => (
          <li key={row.number}>
            <span class="number">{row.number}.</span>
            {row.plies.map((text, slot) => (
              <span key={slot} class={`move${text ? '' : ' empty'}`}>
                {text}
              </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
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
  return (
    <main class="layout online">
      <section class="board-area">
        <SeatBar online={online} colour={opposite(bottom)} />
        <OnlineBoard online={online} />
        <SeatBar online={online} colour={bottom} />
      </section>
      <aside class="side">
        {line !== 'open' && v && !online.missing.value && (
          <p class="online-line" role="alert" data-testid="line">
            {line === 'connecting' ? words.connecting : words.reconnecting}
          </p>
        )}
        {inviting && <ShareLink id={online.id} />}
        {v?.outcome && online.board ? (
          <p class="online-result" role="status" data-testid="result">
            <strong>{outcomeTitle(v.outcome, you)()}</strong>{' '}
            {outcomeReason(v.outcome, online.board.position)()}
          </p>
        ) : (
          <p class="status" role="status" aria-live="polite" data-testid="online-status">
            {online.status.value}
          </p>
        )}
        {v && !v.outcome && you !== null && v.drawOffer === opposite(you) && (
          <p class="online-offer">{words.theyOfferDraw}</p>
        )}
        {v?.outcome && you !== null && v.rematchOffer === opposite(you) && (
          <p class="online-offer">{words.theyWantRematch}</p>
        )}
        {notice && (
          <div class="online-notice" role="alert" data-testid="notice">
            {notice.text}{' '}
            {notice.rule && (
              <a class="why" href={`/${ruleHref(notice.rule)}`} data-testid="why">
                {t('status.why')}
              </a>
            )}
          </div>
        )}
        <Actions online={online} />
        {v && v.watchers > 0 && <p class="online-watchers">{words.watching(v.watchers)}</p>}
        <Moves online={online} />
      </aside>
    </main>
  );
}
