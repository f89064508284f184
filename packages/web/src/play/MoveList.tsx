// The moves so far with replay: step back and forward (buttons, or the arrow keys) without
// changing the game.

import { makeMoveText } from '@agon/engine';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { MoveRows } from '../lib/MoveRows.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import type { Match } from './match.ts';

/** A replay button: an icon with its name for screen readers and as a tooltip. */
function Step(props: {
  readonly icon: IconName;
  readonly label: string;
  readonly go: () => void;
  readonly disabled: boolean;
  readonly testId?: string;
}) {
  return (
    <button
      type="button"
      class="quiet icon-only"
      onClick={props.go}
      disabled={props.disabled}
      title={props.label}
      aria-label={props.label}
      data-testid={props.testId}
    >
      <Icon name={props.icon} />
    </button>
  );
}

/** The move list and its replay buttons. */
export function MoveList({ match }: { readonly match: Match }) {
  const game = match.game;
  const shown = match.shownPly.value;
  const last = match.plies.value;
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
  const placing = game.initial.placing;
  return (
    <section class="moves" aria-label={t('moves.label')}>
      <MoveRows
        moves={game.moves.map(makeMoveText)}
        firstTurn={game.initial.turn}
        current={shown}
        pick={(ply) => match.showPly(ply)}
        empty={t(placing ? 'moves.emptyPlacement' : 'moves.empty')}
      />
      <div class="replay">
        <Step
          icon="first"
          label={t('moves.first')}
          go={() => match.showPly(0)}
          disabled={shown === 0}
        />
        <Step
          icon="back"
          label={t('moves.back')}
          go={() => match.showPly(shown - 1)}
          disabled={shown === 0}
          testId="replay-back"
        />
        <span class="ply" data-testid="ply" title={t('moves.shown', { shown, last })}>
          {shown}/{last}
        </span>
        <Step
          icon="forward"
          label={t('moves.forward')}
          go={() => match.showPly(shown + 1)}
          disabled={shown === last}
          testId="replay-forward"
        />
        <Step
          icon="last"
          label={t('moves.live')}
          go={() => match.showPly(last)}
          disabled={shown === last}
        />
      </div>
    </section>
  );
}
