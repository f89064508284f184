// The lobby's short list of this player's games in play (GET /api/me/games), the most urgent
// first, as lichess's "playing now": the first few as cards that open them, and the way to the
// "Your games" page, which has them all.

import { GameCard } from '../games/GameCard.tsx';
import { useOngoingGames } from '../games/ongoing-games.ts';
import { GAMES_PATH } from '../online/address.ts';
import { Link } from '../online/Link.tsx';
import { ot } from '../online/text.ts';
import './your-games.css';

/** How many games the lobby shows: two rows on a phone; the page has the rest. */
const SHOWN = 4;

/** This player's most urgent games in play, for the lobby; nothing while there are none. */
export function YourGames({ token }: { readonly token: string }) {
  const games = useOngoingGames(token).games ?? [];
  if (games.length === 0) return null;
  return (
    <section class="your-games" aria-labelledby="your-games" data-testid="your-games">
      <div class="your-games-head">
        <h2 id="your-games">{ot('yours.title')}</h2>
        <Link href={GAMES_PATH} testId="all-your-games">
          {ot('yours.all', { count: games.length })}
        </Link>
      </div>
      <ul class="game-cards">
        {games.slice(0, SHOWN).map((g) => (
          <li key={g.game}>
            <GameCard game={g} />
          </li>
        ))}
      </ul>
    </section>
  );
}
