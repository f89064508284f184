// One player's line beside the board: name, colour, guards in hand, and the thinking sign.

import type { Colour } from '@agon/engine';
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
        <span class="colour-word">({colour === 'white' ? 'White' : 'Black'})</span>
      )}
      {inHand > 0 && (
        <span class="hand" data-testid={`hand-${colour}`} title={`${inHand} guards in hand`}>
          <span class="sr-only">{inHand} guards in hand: </span>
          {Array.from({ length: inHand }, (_, i) => (
            <svg key={i} viewBox="-1 -1 2 2" class={`hand-guard ${colour}`} aria-hidden="true">
              <circle r="0.8" />
            </svg>
          ))}
        </span>
      )}
      {thinking && (
        <span class="thinking" role="status" data-testid="thinking">
          <span class="dots" aria-hidden="true" /> thinking…
        </span>
      )}
    </div>
  );
}
