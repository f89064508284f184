// A player as a list or a card shows them: the name, linking to their page, "(you)" for this
// browser's player, and the rating that counts there.

import type { PlayerBrief } from '@agon/protocol';
import { playerPath } from './address.ts';
import { Link } from './Link.tsx';
import { ratingText } from './lobby-text.ts';
import { ot } from './text.ts';

/** `player`'s name and rating; `you` marks this browser's own. */
export function Who({
  player,
  you = false,
}: {
  readonly player: PlayerBrief;
  readonly you?: boolean;
}) {
  return (
    <span class="who-line">
      <Link href={playerPath(player.id)} class="player-link">
        {player.name}
      </Link>
      {you && <span class="you-mark">{ot('seat.you')}</span>}
      <span class="rating">{ratingText(player.rating)}</span>
    </span>
  );
}
