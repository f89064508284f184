// One game of the player's in play, as a card that opens it: the board in miniature from the
// player's side, the opponent (marked if a bot), the pace, whose turn with the time left, and the
// tournament or league it belongs to. The lobby's short list and the "Your games" page show it.

import { Game, parseMoveText, startPosition } from '@agon/engine';
import { type OngoingGame, paceOf } from '@agon/protocol';
import { useEffect, useRef } from 'preact/hooks';
import { createBoard } from '../board/board.ts';
import { boardConfigOf } from '../lib/board-feed.ts';
import { gamePath } from '../online/address.ts';
import { clockText } from '../online/clock-text.ts';
import { Link } from '../online/Link.tsx';
import { daysLeftText, deadlineText, paceText } from '../online/lobby-text.ts';
import { ot } from '../online/text.ts';
import { BotMark } from '../online/Who.tsx';
import { tournamentName } from '../tournament/tournament-text.ts';
import './game-card.css';

/** The board of `g` as it stands, drawn small and still, from the player's side. */
function Miniature({ game: g }: { readonly game: OngoingGame }) {
  const host = useRef<HTMLDivElement>(null);
  const key = g.moves.join(' ');
  useEffect(() => {
    const game = new Game(startPosition(g.variant), { captorPlacesQueen: g.captorPlacesQueen });
    for (const text of g.moves) {
      const move = parseMoveText(text);
      if (!move.ok || !game.play(move.value).ok) break; // the server checked every one
    }
    const board = createBoard({
      ...boardConfigOf({ position: game.position, lastMove: game.moves.at(-1) }),
      orientation: g.colour,
      animationMs: 0,
    });
    if (host.current) board.attach(host.current, true);
    return () => board.detach();
  }, [key, g.colour, g.variant, g.captorPlacesQueen]);
  return <div class="your-game-board" ref={host} aria-hidden="true" />;
}

/**
 * The time the side to move has left, as the game page shows it; before the first moves, the
 * time to make one before the game is called off.
 */
function leftText(g: OngoingGame): string | undefined {
  const c = g.clock;
  const left = c?.running ? c[c.running] : c?.first;
  if (!c || left === undefined) return undefined;
  return c.days ? daysLeftText(left, clockText) : clockText(left);
}

/** What the game belongs to, in words: its league or tournament; nothing for a lobby game. */
function eventText(g: OngoingGame): string | undefined {
  if (g.league) return g.league.name;
  return g.tournament && tournamentName(g.tournament);
}

/** Game `g` as a card that opens it. */
export function GameCard({ game: g }: { readonly game: OngoingGame }) {
  const left = leftText(g);
  const event = eventText(g);
  return (
    <Link href={gamePath(g.game)} class="your-game" testId="your-game">
      <Miniature game={g} />
      <span class="your-game-text">
        <span class="your-game-opponent">
          {g.opponent.name} {g.opponent.bot && <BotMark />}
        </span>
        {g.opponentAway !== undefined && (
          <span class="your-game-away" data-testid="your-game-away">
            {ot('vacation.until', { date: deadlineText(g.opponentAway) })}
          </span>
        )}
        <span class="your-game-pace">
          {g.clock ? paceText(paceOf(g.clock)) : ''} {ot(`class.${g.class}`)}
        </span>
        {event && (
          <span class="your-game-event" data-testid="your-game-event">
            {event}
          </span>
        )}
        <span class={`your-game-turn${g.yourTurn ? ' yours' : ''}`}>
          {ot(g.yourTurn ? 'yours.yourTurn' : 'yours.theirTurn')}
          {left && ` · ${left}`}
        </span>
      </span>
    </Link>
  );
}
