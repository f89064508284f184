// One side's card beside the online board (the game page's PlayerCard): who plays it (their
// name and rating when the lobby made the game, and what a settled rated game did to it),
// whether they berserked in an arena, whether they are here, guards in hand, and their clock.

import type { Colour } from '@agon/engine';
import { PlayerCard } from '../lib/PlayerCard.tsx';
import { clockText } from '../online/clock-text.ts';
import { daysLeftParts, deadlineText } from '../online/lobby-text.ts';
import { words } from '../online/strings.ts';
import { ot } from '../online/text.ts';
import { RatingChange, Who } from '../online/Who.tsx';
import { Icon } from '../ui/Icon.tsx';
import type { OnlineGame } from './online-game.ts';
import './seat-bar.css';

/** The card for the side of `colour`. */
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
  const playing = !!(v && game && !v.outcome);
  // The side that acts now: the side to move, or the captor placing the queen it owes (R16).
  const toMove = playing && game?.chooser === colour;
  const owes = toMove && game?.position.turnColour === colour && game.position.relocating;
  // R16: the captor chooses the cell of the owner's captured queen, on the owner's turn.
  const placingQueen = toMove && game?.position.turnColour !== colour;
  const inHand = game?.position.hand[colour === 'white' ? 0 : 1] ?? 0;
  const left = online.timeLeft(colour);
  const days = v?.clock?.days !== undefined;
  const parts = days && left !== undefined ? daysLeftParts(left) : undefined;
  const running = v?.clock?.running === colour;
  // A correspondence deadline is days away: its date says more than a countdown alone.
  const by = online.deadline(colour);
  const deadline = by === undefined ? undefined : ot('pace.moveBy', { date: deadlineText(by) });
  const brief = v?.players?.[colour];
  const name = brief ? (
    <Who player={brief} />
  ) : you === null ? (
    words.sideWord(colour)
  ) : colour === you ? (
    words.you
  ) : (
    words.opponent
  );
  const joined = !!v?.seats[colour];
  // A correspondent on vacation: their deadline moves while it lasts (docs/lobby.md, "Vacation").
  const away = playing ? v?.vacation?.[colour] : undefined;
  return (
    <PlayerCard
      colour={colour}
      name={name}
      side={
        !joined
          ? words.notJoined
          : brief && colour === you
            ? // The name is the player's own now, so the side says whose card this is.
              `${words.sideWord(colour)} ${ot('seat.you')}`
            : you !== null || brief
              ? words.sideWord(colour)
              : undefined
      }
      change={
        <>
          {brief?.change !== undefined && <RatingChange change={brief.change} />}
          {away !== undefined && (
            <span class="vacation-mark" data-testid={`vacation-${colour}`}>
              {ot('vacation.until', { date: deadlineText(away) })}
            </span>
          )}
          {online.berserked(colour) && (
            <span class="berserk-mark" title={ot('tour.berserk')} data-testid={`berserk-${colour}`}>
              <Icon name="berserk" />
              <span class="sr-only">{ot('tour.berserk')}</span>
            </span>
          )}
        </>
      }
      toMove={toMove}
      relocating={owes}
      placingQueen={placingQueen}
      inHand={inHand}
      connected={v ? joined && v.online[colour] : undefined}
      clock={
        left !== undefined && (
          <span
            class={`seat-clock${running ? ' running' : ''}${left < 10_000 ? ' low' : ''}${days ? ' days' : ''}`}
            data-testid={`clock-${colour}`}
            role="timer"
            aria-label={deadline ? `${words.clockOf(colour)}: ${deadline}` : words.clockOf(colour)}
            title={deadline}
          >
            {parts ? (
              <>
                <span>{parts[0]}</span> <span>{parts[1]}</span>
              </>
            ) : (
              clockText(left)
            )}
          </span>
        )
      }
    />
  );
}
