// The lobby's list of this player's games in play (GET /api/me/games), those waiting for their
// move first, as lichess's "playing now": each with the board in miniature from the player's
// side, the opponent, the pace, whose turn and the time left; a click opens the game. Read when
// the lobby opens and each half minute after, and the top bar's count is set from it.

import { Game, parseMoveText, startPosition } from '@agon/engine';
import { type OngoingGame, paceOf } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { createBoard } from '../board/board.ts';
import { boardConfigOf } from '../lib/board-feed.ts';
import { noteGames } from '../lib/your-turn.ts';
import { gamePath } from '../online/address.ts';
import { clockText } from '../online/clock-text.ts';
import { Link } from '../online/Link.tsx';
import { daysLeftText, paceText } from '../online/lobby-text.ts';
import { ongoingGames } from '../online/players.ts';
import { ot } from '../online/text.ts';
import { BotMark } from '../online/Who.tsx';
import './your-games.css';

/** How often the list is read again while the lobby is open. */
const EVERY_MS = 30_000;

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

/** The time the side to move has left, as the game page shows it. */
function leftText(g: OngoingGame): string | undefined {
  const c = g.clock;
  if (!c?.running) return undefined;
  const left = c[c.running];
  return c.days ? daysLeftText(left, clockText) : clockText(left);
}

/** This player's games in play, for the lobby; nothing while there are none. */
export function YourGames({ token }: { readonly token: string }) {
  const games = useSignal<readonly OngoingGame[]>([]);
  useEffect(() => {
    const read = (): void => {
      ongoingGames(token).then(
        (list) => {
          games.value = list.games;
          noteGames(list.games);
        },
        () => undefined, // offline: the list stays as it was
      );
    };
    read();
    const timer = setInterval(read, EVERY_MS);
    return () => clearInterval(timer);
  }, [token]);
  if (games.value.length === 0) return null;
  return (
    <section class="your-games" aria-labelledby="your-games" data-testid="your-games">
      <h2 id="your-games">{ot('yours.title')}</h2>
      <ul>
        {games.value.map((g) => (
          <li key={g.game}>
            <Link href={gamePath(g.game)} class="your-game" testId="your-game">
              <Miniature game={g} />
              <span class="your-game-text">
                <span class="your-game-opponent">
                  {g.opponent.name} {g.opponent.bot && <BotMark />}
                </span>
                <span class="your-game-pace">
                  {g.clock ? paceText(paceOf(g.clock)) : ''} {ot(`class.${g.class}`)}
                </span>
                <span class={`your-game-turn${g.yourTurn ? ' yours' : ''}`}>
                  {ot(g.yourTurn ? 'yours.yourTurn' : 'yours.theirTurn')}
                  {leftText(g) && ` · ${leftText(g)}`}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
