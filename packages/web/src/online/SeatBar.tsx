// One side's line beside the online board: who plays it, whether they are here, guards in
// hand, and their clock.

import type { Colour } from '@agon/engine';
import { clockText } from './clock-text.ts';
import type { OnlineGame } from './online-game.ts';
import { words } from './strings.ts';

/** The bar for the side of `colour`. */
export function SeatBar({
  online,
  colour,
}: {
  readonly online: OnlineGame;
  readonly colour: Colour;
}) {
  const v = online.view.value;
  const game = online.board;
  const you = online.you.value;
  const toMove = v && game && !v.outcome && game.position.turnColour === colour;
  const inHand = game?.position.hand[colour === 'white' ? 0 : 1] ?? 0;
  const left = online.timeLeft(colour);
  const name = you === null ? words.sideWord(colour) : colour === you ? words.you : words.opponent;
  const away =
    v && !v.seats[colour] ? words.notJoined : v && !v.online[colour] ? words.offline : '';
  return (
    <div class={`player-bar ${colour}${toMove ? ' to-move' : ''}`} data-player={colour}>
      <span class={`swatch ${colour}`} aria-hidden="true" />
      <span class="name">{name}</span>
      {you !== null && <span class="colour-word">({words.sideWord(colour)})</span>}
      {away && (
        <span class="seat-away" data-testid={`away-${colour}`}>
          {away}
        </span>
      )}
      {inHand > 0 && (
        <span class="hand" title={`${inHand}`}>
          {Array.from({ length: inHand }, (_, i) => (
            <svg key={i} viewBox="-1 -1 2 2" class={`hand-guard ${colour}`} aria-hidden="true">
              <circle r="0.8" />
            </svg>
          ))}
        </span>
      )}
      {left !== undefined && (
        <span
          class={`seat-clock${v?.clock?.running === colour ? ' running' : ''}${left < 10_000 ? ' low' : ''}`}
          data-testid={`clock-${colour}`}
          role="timer"
          aria-label={words.clockOf(colour)}
        >
          {clockText(left)}
        </span>
      )}
    </div>
  );
}
