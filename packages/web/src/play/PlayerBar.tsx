// One player's line beside the board: name, colour, guards in hand, and the thinking sign.

import type { Colour } from '@agon/engine';
import { t } from '../i18n/ui.ts';
import type { Match } from './match.ts';
import { playerName } from './setup.ts';

/** The bar for the player of `colour`. */
export function PlayerBar({ match, colour }: { readonly match: Match; readonly colour: Colour }) {
  const pos = match.shownPosition.value;
  const index = colour === 'white' ? 0 : 1;
  const inHand = pos.hand[index]!;
  const toMove = !match.game.outcome && pos.turnColour === colour;
  const thinking = match.thinking.value && match.game.position.turnColour === colour;
  return (
    <div class={`player-bar ${colour}${toMove ? ' to-move' : ''}`} data-player={colour}>
      <span class={`swatch ${colour}`} aria-hidden="true" />
      <span class="name">{playerName(match.setup.value, colour)}</span>
      {match.setup.value.mode === 'computer' && (
        <span class="colour-word">{t(`player.side.${colour}`)}</span>
      )}
      {toMove && <span class="to-move-mark">{t('player.toMove')}</span>}
      {inHand > 0 && (
        <span
          class="hand"
          data-testid={`hand-${colour}`}
          title={t('player.hand', { count: inHand })}
        >
          <span class="sr-only">{t('player.hand', { count: inHand })}</span>
          {Array.from({ length: inHand }, (_, i) => (
            <svg key={i} viewBox="-1 -1 2 2" class={`hand-guard ${colour}`} aria-hidden="true">
              <circle r="0.8" />
            </svg>
          ))}
        </span>
      )}
      {thinking && (
        <span class="thinking" role="status" data-testid="thinking">
          <span class="dots" aria-hidden="true" /> {t('player.thinking')}
        </span>
      )}
    </div>
  );
}
