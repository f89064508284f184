// The tournaments page: the tournaments starting soon, each counting down to its start, those being
// played with their leader and time left (an arena) or round (a Swiss), and the last finished
// with their winner; read again every few seconds while the page is in sight. A player makes a
// tournament of their own from here, and goes to its page to share its link.

import type { TournamentList, TournamentListing } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useContext, useEffect } from 'preact/hooks';
import { LeagueLinks } from '../league/LeagueLinks.tsx';
import { tournamentPath } from '../online/address.ts';
import { Go, Link } from '../online/Link.tsx';
import { ot } from '../online/text.ts';
import { useClock } from '../online/use-clock.ts';
import { Icon } from '../ui/Icon.tsx';
import { pollWhileVisible } from './poll.ts';
import { TournamentDialog } from './TournamentDialog.tsx';
import { TournamentTermsLine } from './TournamentTermsLine.tsx';
import { scoreText, statusText, tournamentName } from './tournament-text.ts';
import { fetchTournaments } from './tournaments-api.ts';
import '../online/rows.css';
import './tournaments.css';

/** How often the list is read again while the page is in sight. */
const EVERY_MS = 5_000;
/** Upcoming tournaments the server lists at most, and how many more each "Show more" asks for. */
const UPCOMING_MAX = 100;
const UPCOMING_STEP = 20;

/** One tournament's row: what it is, how many play, where it is, and who leads or won. */
function ListingRow({ e, now }: { readonly e: TournamentListing; readonly now: number }) {
  const done = e.status === 'finished';
  return (
    <li>
      <Link
        href={tournamentPath(e.id)}
        class={`tournament-row ${e.status}`}
        testId="tournament-row"
      >
        <span class="tournament-row-what">
          <span class="tournament-row-name">{tournamentName(e)}</span>
          <TournamentTermsLine e={e} locked={e.locked} />
        </span>
        <span class="tournament-row-players">{ot('tour.players', { count: e.players })}</span>
        <span class="tournament-row-when">
          <span class="tournament-row-status" role={e.status === 'upcoming' ? 'timer' : undefined}>
            {statusText(e, now)}
          </span>
          {e.leader && e.status !== 'upcoming' && (
            <span class="tournament-row-leader">
              {ot(done ? 'tour.winner' : 'tour.leader')}: <strong>{e.leader.name}</strong>{' '}
              <span class="tournament-row-score">{scoreText(e.leader.score)}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/** A section of the list, or a line saying it is empty. */
function Listings({
  id,
  title,
  empty,
  listings,
  now,
  more,
}: {
  readonly id: string;
  readonly title: string;
  readonly empty: string;
  readonly listings: readonly TournamentListing[];
  readonly now: number;
  /** How many more a button would show, and what it does; none when there are no more. */
  readonly more?: { readonly count: number; readonly show: () => void };
}) {
  return (
    <section class="tournament-listings" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {listings.length === 0 ? (
        <p class="lobby-empty">{empty}</p>
      ) : (
        <ul class="rows">
          {listings.map((e) => (
            <ListingRow key={e.id} e={e} now={now} />
          ))}
        </ul>
      )}
      {more && more.count > 0 && (
        <button
          type="button"
          class="tournaments-more"
          data-testid="tournaments-more"
          onClick={more.show}
        >
          {ot('tour.more', { count: more.count })}
        </button>
      )}
    </section>
  );
}

/** The tournaments page. */
export function TournamentsPage() {
  const go = useContext(Go);
  const list = useSignal<TournamentList | undefined>(undefined);
  const offset = useSignal(0);
  const problem = useSignal<string | undefined>(undefined);
  const creating = useSignal(false);
  /** How many upcoming tournaments the player asked to see, beyond the server's first few. */
  const upcoming = useSignal<number | undefined>(undefined);
  useEffect(
    () =>
      pollWhileVisible(async () => {
        try {
          const read = await fetchTournaments(upcoming.value);
          offset.value = read.now - Date.now();
          list.value = read;
          problem.value = undefined;
        } catch (e) {
          problem.value = ot('tour.loadFailed', { why: e instanceof Error ? e.message : '' });
        }
      }, EVERY_MS),
    [list, offset, problem, upcoming.value],
  );
  const now = useClock(true) + offset.value;
  const shown = list.value;
  const listed = shown?.upcoming.length ?? 0;
  const more = Math.min(shown?.moreUpcoming ?? 0, UPCOMING_STEP, UPCOMING_MAX - listed);
  return (
    <main class="tournaments" data-testid="tournaments">
      <header class="tournaments-head">
        <div>
          <h2>{ot('tour.title')}</h2>
          <p class="lobby-note">{ot('tour.intro')}</p>
        </div>
        <button
          type="button"
          class="primary"
          data-testid="create-tournament"
          onClick={() => (creating.value = true)}
        >
          <Icon name="newGame" />
          {ot('tour.create')}
        </button>
      </header>
      {problem.value && (
        <p class="online-notice" role="alert">
          {problem.value}
        </p>
      )}
      {!shown ? (
        !problem.value && <p class="loading">{ot('tour.loadingList')}</p>
      ) : (
        <>
          <Listings
            id="tournaments-upcoming"
            title={ot('tour.upcoming')}
            empty={ot('tour.noUpcoming')}
            listings={shown.upcoming}
            now={now}
            more={{ count: more, show: () => (upcoming.value = listed + more) }}
          />
          <Listings
            id="tournaments-running"
            title={ot('tour.running')}
            empty={ot('tour.noRunning')}
            listings={shown.running}
            now={now}
          />
          <Listings
            id="tournaments-finished"
            title={ot('tour.finished')}
            empty={ot('tour.noFinished')}
            listings={shown.finished}
            now={now}
          />
          <LeagueLinks />
        </>
      )}
      {creating.value && (
        <TournamentDialog
          serverNow={() => Date.now() + offset.value}
          created={(id) => go(tournamentPath(id))}
          done={() => (creating.value = false)}
        />
      )}
    </main>
  );
}
