// A player as a list or a card shows them: the name, linking to their page, a badge for a
// computer player, "(you)" for this browser's player, and the rating that counts there; and
// what a settled game did to it.

import type { SeatPlayer } from '@agon/protocol';
import { playerPath } from './address.ts';
import { ratingBefore } from './fair-play.ts';
import { Link } from './Link.tsx';
import { changeClass, ratingText, signedChange } from './lobby-text.ts';
import { ot } from './text.ts';
import './who.css';

/**
 * `player`'s name and rating; `you` marks this browser's own. Once a settled game's change is
 * known, the rating is the one the game was played at, which the change is counted from.
 */
export function Who({
  player,
  you = false,
}: {
  readonly player: SeatPlayer;
  readonly you?: boolean;
}) {
  const change = player.change;
  const rating =
    change === undefined ? player.rating : { ...player.rating, rating: ratingBefore(player) };
  return (
    <span class="who-line">
      <Link href={playerPath(player.id)} class="player-link">
        {player.name}
      </Link>
      {player.bot && <BotMark />}
      {you && <span class="you-mark">{ot('seat.you')}</span>}
      <span class="rating">{ratingText(rating)}</span>
    </span>
  );
}

/** The mark beside a computer player's name, so that nobody takes it for a person. */
export function BotMark() {
  return <span class="bot-mark">{ot('seat.bot')}</span>;
}

/** What a settled rated game did to a rating: `+12` in green, `−8` in red, `±0`. */
export function RatingChange({ change }: { readonly change: number }) {
  return (
    <span class={`rating-change ${changeClass(change)}`} data-testid="rating-change">
      <span class="sr-only">{ot('game.ratingChange')} </span>
      {signedChange(change)}
    </span>
  );
}
