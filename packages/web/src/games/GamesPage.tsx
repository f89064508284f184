// The "Your games" page (/games): every game of the player's in play, the most urgent first, as
// GET /api/me/games sorts them: those waiting for the player's move, the nearest deadline first,
// then those waiting for the opponent. Each is a card that opens it (GameCard). The top bar's
// count leads here; the challenges it counts too wait in the lobby, and the page says so.

import type { OngoingGame } from '@agon/protocol';
import { computed } from '@preact/signals';
import { incoming } from '../lib/your-turn.ts';
import { Link } from '../online/Link.tsx';
import { me } from '../online/players.ts';
import { ot } from '../online/text.ts';
import { GameCard } from './GameCard.tsx';
import { useOngoingGames } from './ongoing-games.ts';
import './games-page.css';

const challenges = computed(() => incoming.value.length);

/** One group of games under its heading; nothing when it has none. */
function Group({
  id,
  title,
  games,
}: {
  readonly id: string;
  readonly title: string;
  readonly games: readonly OngoingGame[];
}) {
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h3 id={id}>
        {title} <span class="games-count">{games.length}</span>
      </h3>
      <ul class="game-cards">
        {games.map((g) => (
          <li key={g.game}>
            <GameCard game={g} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The player's games in play, the most urgent first. */
export function GamesPage() {
  const { games, failed } = useOngoingGames(me.value?.token);
  const yours = games?.filter((g) => g.yourTurn) ?? [];
  const theirs = games?.filter((g) => !g.yourTurn) ?? [];
  return (
    <main class="games-page" data-testid="games-page">
      <header>
        <h2>{ot('yours.title')}</h2>
        <p class="lobby-note">{ot('games.intro')}</p>
      </header>
      {challenges.value > 0 && (
        <p class="games-challenges">
          <Link href="/lobby" testId="games-challenges">
            {ot('games.challenges', { count: challenges.value })}
          </Link>
        </p>
      )}
      {games === undefined ? (
        <p class={failed ? 'online-notice' : 'lobby-empty'} role="status">
          {ot(failed ? 'games.offline' : 'games.reading')}
        </p>
      ) : games.length === 0 ? (
        <p class="lobby-empty" data-testid="games-none">
          {ot('games.none')} <Link href="/lobby">{ot('games.find')}</Link>
        </p>
      ) : (
        <>
          <Group id="games-yours" title={ot('games.yourMove')} games={yours} />
          <Group id="games-theirs" title={ot('games.theirMove')} games={theirs} />
        </>
      )}
    </main>
  );
}
