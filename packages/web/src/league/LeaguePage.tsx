// A league's page (docs/leagues.md): its terms and calendar, the player's entry with the button
// that enters them or opts them out, and the latest season's groups, each a crosstable in the
// order of its standings with the game behind every cell and who moves up and down so far. Read
// again every little while the page is in sight.

import type { LeagueEntry, LeagueGroup, LeagueView } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { gamePath, playerPath } from '../online/address.ts';
import { Link } from '../online/Link.tsx';
import { ApiFailure, ensureIdentity, me } from '../online/players.ts';
import { pollWhileVisible } from '../tournament/poll.ts';
import { scoreText, tieBreakText } from '../tournament/tournament-text.ts';
import { cellText, dateText, groupLetter, leagueText, lt } from './league-text.ts';
import { actOnLeague, fetchEntry, fetchLeague } from './leagues-api.ts';
import './league.css';

/** How often the page is read again: its games last days, so half a minute is fresh. */
const EVERY_MS = 30_000;

/** One group's crosstable. */
function Crosstable({ group, letter }: { readonly group: LeagueGroup; readonly letter: string }) {
  const you = me.value?.id;
  const seedOf = new Map(group.seeds.map((id, i) => [id, i + 1]));
  const names = new Map(group.rows.map((r) => [r.id, r.name]));
  const title = lt('league.group', { tier: group.tier, group: letter });
  return (
    <section class="league-group" aria-label={title}>
      <h3>{title}</h3>
      <div class="league-scroll">
        <table class="league-table" data-testid="league-crosstable">
          <thead>
            <tr>
              <th scope="col" class="league-rank">
                {lt('league.rank')}
              </th>
              <th scope="col">{lt('league.player')}</th>
              {group.seeds.map((id, i) => (
                <th scope="col" class="league-cell" key={id} title={names.get(id)}>
                  {i + 1}
                </th>
              ))}
              <th scope="col" class="league-points">
                {lt('league.points')}
              </th>
              <th scope="col" class="league-sb">
                {lt('league.sb')}
              </th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr
                key={row.id}
                class={`${row.move === -1 ? 'up' : row.move === 1 ? 'down' : ''}${row.id === you ? ' you' : ''}`}
                data-testid="league-row"
              >
                <td class="league-rank">
                  {row.move !== 0 && (
                    <span
                      class="league-move"
                      role="img"
                      aria-label={lt(row.move === -1 ? 'league.up' : 'league.down')}
                      title={lt(row.move === -1 ? 'league.up' : 'league.down')}
                    >
                      {row.move === -1 ? '▲' : '▼'}
                    </span>
                  )}
                  {row.rank}
                </td>
                <th scope="row" class="league-player">
                  <span class="league-seed">{seedOf.get(row.id)}</span>
                  <Link href={playerPath(row.id)} class="player-link">
                    {row.name}
                  </Link>
                </th>
                {row.cells.map((cell, i) =>
                  cell === null ? (
                    <td class="league-cell self" key={group.seeds[i]} aria-hidden="true" />
                  ) : (
                    <td
                      class={`league-cell${cell.score === null ? ' open' : ''}${cell.unfinished ? ' unfinished' : ''}`}
                      key={group.seeds[i]}
                    >
                      <Link
                        href={gamePath(cell.game)}
                        testId="league-game"
                        label={lt('league.cell', {
                          you: row.name,
                          them: names.get(group.seeds[i]!) ?? '',
                          score: cell.unfinished
                            ? lt('league.unfinished')
                            : cell.score === null
                              ? lt('league.inPlay')
                              : scoreText(cell.score),
                        })}
                      >
                        {cellText(cell)}
                      </Link>
                    </td>
                  ),
                )}
                <td class="league-points">{scoreText(row.points)}</td>
                <td class="league-sb">{tieBreakText(row.sb)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The season's calendar: when it runs, and when the next starts. */
function Calendar({ view }: { readonly view: LeagueView }) {
  const { season, league } = view;
  return (
    <section class="league-calendar" data-testid="league-calendar">
      {season ? (
        <p>
          <strong>{lt('league.season', { number: season.number })}</strong>{' '}
          {lt('league.runs', { from: dateText(season.startsAt), to: dateText(season.endsAt) })}
          {season.finished && <> · {lt('league.finished')}</>}
        </p>
      ) : (
        <p>{lt('league.noSeason')}</p>
      )}
      {!league.running && (
        <p>
          {league.nextStartsAt === null
            ? lt('league.needPlayers')
            : lt('league.next', { when: dateText(league.nextStartsAt) })}
        </p>
      )}
    </section>
  );
}

/** League `leagueKey`'s page. */
export function LeaguePage({ leagueKey }: { readonly leagueKey: string }) {
  const view = useSignal<LeagueView | undefined>(undefined);
  const entry = useSignal<LeagueEntry | undefined>(undefined);
  const problem = useSignal<string | undefined>(undefined);
  const missing = useSignal(false);
  const busy = useSignal(false);
  const lang = language.value;
  const ready = leagueText.has(lang);
  useEffect(() => {
    if (!ready) void leagueText.load(lang);
  }, [lang, ready]);
  useEffect(
    () =>
      pollWhileVisible(async () => {
        try {
          view.value = await fetchLeague(leagueKey);
          problem.value = undefined;
          const identity = await ensureIdentity();
          entry.value = await fetchEntry(leagueKey, identity.token);
        } catch (e) {
          if (e instanceof ApiFailure && e.is('not-found')) missing.value = true;
          else
            problem.value = lt('league.loadFailed', { why: e instanceof Error ? e.message : '' });
        }
      }, EVERY_MS),
    [leagueKey, view, entry, problem, missing],
  );
  const act = async (): Promise<void> => {
    busy.value = true;
    try {
      const identity = await ensureIdentity();
      const action = entry.value?.entered ? 'leave' : 'join';
      entry.value = await actOnLeague(leagueKey, identity.token, { action });
      view.value = await fetchLeague(leagueKey);
      problem.value = undefined;
    } catch (e) {
      problem.value = e instanceof Error ? e.message : String(e);
    } finally {
      busy.value = false;
    }
  };
  if (!ready) return <p class="loading">{lt('league.loading')}</p>;
  if (missing.value) {
    return (
      <main class="league">
        <p class="online-notice" role="alert">
          {lt('league.notFound')}
        </p>
      </main>
    );
  }
  const shown = view.value;
  const entered = entry.value?.entered === true;
  const groups = shown?.season?.groups ?? [];
  // Each group's letter within its tier: A, B, C…
  const letters = groups.map((g, i) =>
    groupLetter(groups.slice(0, i).filter((o) => o.tier === g.tier).length),
  );
  return (
    <main class="league" data-testid="league">
      {!shown ? (
        !problem.value && <p class="loading">{lt('league.loading')}</p>
      ) : (
        <>
          <header class="league-head">
            <div>
              <h2>{shown.league.name}</h2>
              <p class="lobby-note">
                {lt('league.days', { count: shown.league.days })} ·{' '}
                {lt('league.seasonDays', { count: shown.league.seasonDays })} ·{' '}
                {lt('league.entered', { count: shown.league.entered })}
              </p>
              <p class="lobby-note">{lt('leagues.intro')}</p>
            </div>
            <div class="league-entry">
              <button
                type="button"
                class={entered ? 'quiet' : 'primary'}
                data-testid="league-join"
                disabled={busy.value || entry.value === undefined}
                onClick={() => void act()}
              >
                {lt(entered ? 'league.leave' : 'league.join')}
              </button>
              {entry.value && (
                <p class="lobby-note" role="status" data-testid="league-you">
                  {lt(entered ? 'league.youIn' : 'league.youOut')}
                </p>
              )}
            </div>
          </header>
          <Calendar view={shown} />
        </>
      )}
      {problem.value && (
        <p class="online-notice" role="alert">
          {problem.value}
        </p>
      )}
      {groups.map((group, i) => (
        <Crosstable key={group.seeds[0]} group={group} letter={letters[i]!} />
      ))}
    </main>
  );
}
