// The moves so far, in numbered pairs, with replay: step back and forward (buttons, or the
// arrow keys) without changing the game.

import { makeMoveText } from '@agon/engine';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { openAnalysis } from '../lib/analysis-link.ts';
import type { Match } from './match.ts';

/** The move list and its replay buttons. */
export function MoveList({ match }: { readonly match: Match }) {
  const game = match.game;
  const shown = match.shownPly.value;
  const last = match.plies.value;
  const first = game.initial.turn;
  const list = useRef<HTMLOListElement>(null);
  const rows: { number: number; plies: (number | undefined)[] }[] = [];
  game.moves.forEach((_, i) => {
    const slot = (first + i) % 2;
    if (rows.length === 0 || slot === 0) {
      rows.push({ number: Math.floor((first + i) / 2) + 1, plies: [undefined, undefined] });
    }
    rows[rows.length - 1]!.plies[slot] = i + 1;
  });
  useEffect(() => {
    // Scroll the list alone: scrollIntoView would move the whole page on a phone.
    const ol = list.current;
    const current = ol?.querySelector<HTMLElement>('.current');
    if (!ol || !current) return;
    const top = current.offsetTop;
    const bottom = top + current.offsetHeight;
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (bottom > ol.scrollTop + ol.clientHeight) ol.scrollTop = bottom - ol.clientHeight;
  }, [shown, last]);
  useEffect(() => {
    // Arrow keys replay, unless a dialog, a form field or the board has the keyboard.
    const key = (e: KeyboardEvent): void => {
      const target = e.target as HTMLElement;
      if (match.dialog.value || target.closest?.('input, textarea, select, [role="grid"]')) return;
      const ply = match.shownPly.value;
      if (e.key === 'ArrowLeft') match.showPly(ply - 1);
      else if (e.key === 'ArrowRight') match.showPly(ply + 1);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [match]);
  return (
    <section class="moves" aria-label={t('moves.label')}>
      <div class="replay">
        <button
          type="button"
          onClick={() => match.showPly(0)}
          disabled={shown === 0}
          title={t('moves.first')}
          aria-label={t('moves.first')}
        >
          «
        </button>
        <button
          type="button"
          onClick={() => match.showPly(shown - 1)}
          disabled={shown === 0}
          title={t('moves.back')}
          aria-label={t('moves.back')}
          data-testid="replay-back"
        >
          ◀
        </button>
        <span class="ply" data-testid="ply" title={t('moves.shown', { shown, last })}>
          {shown}/{last}
        </span>
        <button
          type="button"
          onClick={() => match.showPly(shown + 1)}
          disabled={shown === last}
          title={t('moves.forward')}
          aria-label={t('moves.forward')}
          data-testid="replay-forward"
        >
          ▶
        </button>
        <button
          type="button"
          onClick={() => match.showPly(last)}
          disabled={shown === last}
          title={t('moves.live')}
          aria-label={t('moves.live')}
        >
          »
        </button>
      </div>
      <button
        type="button"
        class="analyse"
        onClick={() => openAnalysis({ start: game.initial, moves: [...game.moves], ply: shown })}
      >
        {t('moves.analyse')}
      </button>
      {match.view.value !== undefined && (
        <p class="replaying">
          {t('moves.replaying')}{' '}
          <button type="button" class="link" onClick={() => match.showPly(last)}>
            {t('moves.live')}
          </button>
        </p>
      )}
      <ol class="move-list" ref={list} data-testid="move-list">
        {rows.map((row) => (
          <li key={row.number}>
            <span class="number">{row.number}.</span>
            {row.plies.map((ply, slot) =>
              ply === undefined ? (
                <span key={slot} class="move empty" />
              ) : (
                <button
                  key={slot}
                  type="button"
                  class={`move${ply === shown ? ' current' : ''}`}
                  onClick={() => match.showPly(ply)}
                >
                  {makeMoveText(game.moves[ply - 1]!)}
                </button>
              ),
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
