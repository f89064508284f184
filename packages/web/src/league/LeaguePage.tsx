// A league's page (docs/leagues.md): its terms and calendar, the player's entry with the button
// that enters them or opts them out, and the latest season's groups a tier and a page at a time
// (the address keeps which), each a crosstable in the order of its standings with the game
// behind every cell and who moves up and down so far; a button opens the player's own group.
// Read again every little while the page is in sight.

import type {
  LeagueEntry,
  LeagueGroup,
  LeaguePageAsked,
  LeagueSeason,
  LeagueView,
} from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useContext, useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { gamePath, leaguePath, playerPath } from '../online/address.ts';
import { Go, Link } from '../online/Link.tsx';
import { ApiFailure, ensureIdentity, me } from '../online/players.ts';
import { pollWhileVisible } from '../tournament/poll.ts';
import { scoreText, tieBreakText } from '../tournament/tournament-text.ts';
import { Icon } from '../ui/Icon.tsx';
import { cellText, dateText, groupLetter, leagueText, lt } from './league-text.ts';
import { actOnLeague, fetchEntry, fetchLeague } from './leagues-api.ts';
import '../tournament/tournament.css';
import './league.css';

/** How often the page is read again: its games last days, so half a minute is fresh. */
const EVERY_MS = 30_000;

/** The id of the player's own group's section, which "Your group" brings into sight. */
const YOUR_GROUP = 'league-your-group';

/** One group's crosstable. */
function Crosstable({ group, letter }: { readonly group: LeagueGroup; readonly letter: string }) {
  const you = me.value?.id;
  const seedOf = new Map(group.seeds.map((id, i) => [id, i + 1]));
  const names = new Map(group.rows.map((r) => [r.id, r.name]));
  const title = lt('league.group', { tier: group.tier, group: letter });
  const yours = you !== undefined && group.seeds.includes(you);
  return (
    <section
      class="league-group"
      aria-label={title}
      {...(yours && { id: YOUR_GROUP, tabIndex: -1 })}
    >
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

/** The season's tiers to pick from, each with its players, and the way to the player's group. */
function Tiers({
  season,
  you,
  show,
  jump,
}: {
  readonly season: LeagueSeason;
  readonly you: LeagueView['you'];
  readonly show: (asked: LeaguePageAsked) => void;
  readonly jump: () => void;
}) {
  return (
    <nav class="league-tiers" aria-label={lt('league.tiers')}>
      {season.tiers.map((t) => (
        <button
          type="button"
          class="small"
          key={t.tier}
          aria-pressed={t.tier === season.tier}
          data-testid="league-tier"
          onClick={() => show({ tier: t.tier })}
        >
          {lt('league.tier', { tier: t.tier })}{' '}
          <span class="league-tier-count">{lt('league.tierPlayers', { count: t.players })}</span>
        </button>
      ))}
      {you && (
        <button type="button" class="quiet small" data-testid="league-your-group" onClick={jump}>
          {lt('league.yourGroup')}
        </button>
      )}
    </nav>
  );
}

/** The pages of the tier's groups: which are shown, and the pages before and after. */
function Pager({
  season,
  show,
  landmark,
}: {
  readonly season: LeagueSeason;
  readonly show: (asked: LeaguePageAsked) => void;
  /** The first of the page's two pagers is a landmark; the second, below the groups, is not. */
  readonly landmark: boolean;
}) {
  if (season.pages <= 1) return null;
  const count = season.tiers.find((t) => t.tier === season.tier)?.groups ?? 0;
  const { tier, page } = season;
  const Tag = landmark ? 'nav' : 'div';
  return (
    <Tag class="pager" {...(landmark && { 'aria-label': lt('league.pages', { tier }) })}>
      <button
        type="button"
        class="quiet icon-only"
        aria-label={lt('league.previous')}
        disabled={page <= 1}
        onClick={() => show({ tier, page: page - 1 })}
      >
        <Icon name="back" />
      </button>
      <span class="pager-where" aria-live={landmark ? 'polite' : undefined}>
        {lt('league.groupsOf', {
          from: season.first + 1,
          to: season.first + season.groups.length,
          count,
        })}
      </span>
      <button
        type="button"
        class="quiet icon-only"
        aria-label={lt('league.nextGroups')}
        disabled={page >= season.pages}
        onClick={() => show({ tier, page: page + 1 })}
      >
        <Icon name="forward" />
      </button>
    </Tag>
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

/** League `leagueKey`'s page, showing the tier and page of groups `asked` for. */
export function LeaguePage({
  leagueKey,
  asked,
}: {
  readonly leagueKey: string;
  readonly asked: LeaguePageAsked;
}) {
  const go = useContext(Go);
  const view = useSignal<LeagueView | undefined>(undefined);
  /** The player asked for their own group, to be brought into sight once it is shown. */
  const jumping = useSignal(false);
  const entry = useSignal<LeagueEntry | undefined>(undefined);
  const problem = useSignal<string | undefined>(undefined);
  const missing = useSignal(false);
  const busy = useSignal(false);
  const lang = language.value;
  const ready = leagueText.has(lang);
  useEffect(() => {
    if (!ready) void leagueText.load(lang);
  }, [lang, ready]);
  const { tier, page } = asked;
  useEffect(() => {
    // A page asked for before another is shown is not shown after it.
    let current = true;
    const stop = pollWhileVisible(async () => {
      try {
        // Without a player, the page is anyone's: League 1, not the player's own tier.
        const token = (await ensureIdentity().catch(() => undefined))?.token;
        let read: LeagueView;
        let past = false;
        try {
          read = await fetchLeague(leagueKey, { tier, page }, token);
        } catch (e) {
          past = e instanceof ApiFailure && e.is('not-found') && (tier ?? page) !== undefined;
          if (!past) throw e;
          // A tier or page the season does not have (an old address): the default one, said so.
          read = await fetchLeague(leagueKey, {}, token);
        }
        if (!current) return;
        view.value = read;
        problem.value = past ? lt('league.noPage') : undefined;
        if (token !== undefined) entry.value = await fetchEntry(leagueKey, token);
      } catch (e) {
        if (!current) return;
        if (e instanceof ApiFailure && e.is('not-found')) missing.value = true;
        else problem.value = lt('league.loadFailed', { why: e instanceof Error ? e.message : '' });
      }
    }, EVERY_MS);
    return () => {
      current = false;
      stop();
    };
  }, [leagueKey, tier, page, view, entry, problem, missing]);
  const shownSeason = view.value?.season;
  useEffect(() => {
    if (!jumping.value || !shownSeason) return;
    const you = view.value?.you;
    if (you?.tier !== shownSeason.tier || you.page !== shownSeason.page) return;
    jumping.value = false;
    const group = document.getElementById(YOUR_GROUP);
    group?.focus({ preventScroll: true });
    group?.scrollIntoView({ block: 'start' });
  }, [jumping.value, shownSeason, view, jumping]);
  /** Shows a tier and page of groups: the address says which, so reload and back keep it. */
  const show = (next: LeaguePageAsked): void => go(leaguePath(leagueKey, next));
  const jump = (): void => {
    const you = view.value?.you;
    if (!you) return;
    jumping.value = true;
    show({ tier: you.tier, page: you.page });
  };
  const act = async (): Promise<void> => {
    busy.value = true;
    try {
      const identity = await ensureIdentity();
      const action = entry.value?.entered ? 'leave' : 'join';
      entry.value = await actOnLeague(leagueKey, identity.token, { action });
      view.value = await fetchLeague(leagueKey, { tier, page }, identity.token);
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
  const season = shown?.season;
  const groups = season?.groups ?? [];
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
          {season && <Tiers season={season} you={shown.you} show={show} jump={jump} />}
          {season && <Pager season={season} show={show} landmark />}
        </>
      )}
      {problem.value && (
        <p class="online-notice" role="alert">
          {problem.value}
        </p>
      )}
      {groups.map((group, i) => (
        <Crosstable key={group.seeds[0]} group={group} letter={groupLetter(season!.first + i)} />
      ))}
      {season && <Pager season={season} show={show} landmark={false} />}
    </main>
  );
}
