// A tournament's page: what it is and where it stands (the countdown to its start, an arena's time
// left, a Swiss's round), this player's place in it with Join, Pause or Resume and Withdraw,
// and the standings, the page's main part, a page at a time with this player's line marked and
// their sheet on it; the podium once it is over, and the games being played. Sent again on the
// tournament's socket whenever it changes (read every two seconds while in sight if the socket is
// down); when this player is paired, a short countdown opens their game.

import { STANDINGS_PAGE, TOURNAMENT_ID, type TournamentView } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useContext, useEffect, useMemo } from 'preact/hooks';
import { gamePath, playerPath, TOURNAMENTS_PATH, tournamentLink } from '../online/address.ts';
import { Go, Link } from '../online/Link.tsx';
import { me } from '../online/players.ts';
import { ShareLink } from '../online/ShareLink.tsx';
import { ot } from '../online/text.ts';
import { useClock } from '../online/use-clock.ts';
import { Icon } from '../ui/Icon.tsx';
import { TournamentTermsLine } from './TournamentTermsLine.tsx';
import { TournamentFeed } from './tournament-feed.ts';
import {
  pageOfRank,
  podiumLines,
  type StandingLine,
  standingLines,
  statusText,
  tournamentName,
} from './tournament-text.ts';
import '../online/rows.css';
import { BotMark } from '../online/Who.tsx';
import '../online/who.css';
import './tournament.css';

/** How often the tournament is read again while the page is in sight and its socket is down. */
const EVERY_MS = 2_000;

/** Whether tournament `v` still takes players. */
const open = (v: TournamentView): boolean => v.status === 'upcoming' || v.status === 'running';

function Head({ v, now }: { readonly v: TournamentView; readonly now: number }) {
  return (
    <header class="tournament-head">
      <h2 data-testid="tournament-name">{tournamentName(v)}</h2>
      <TournamentTermsLine e={v} locked={v.locked} />
      <p class={`tournament-state ${v.status}`}>
        <span role={v.status === 'upcoming' ? 'timer' : undefined} data-testid="tournament-status">
          {statusText(v, now, v.round)}
        </span>
        <span class="tournament-count">{ot('tour.players', { count: v.players })}</span>
        {v.by && (
          <span class="tournament-by">
            {ot('tour.by')}{' '}
            <Link href={playerPath(v.by.id)} class="player-link">
              {v.by.name}
            </Link>
          </span>
        )}
      </p>
    </header>
  );
}

/** Join, asking for the password of a private tournament. */
function Join({ feed, v }: { readonly feed: TournamentFeed; readonly v: TournamentView }) {
  const password = useSignal('');
  return (
    <form
      class="tournament-join"
      onSubmit={(e) => {
        e.preventDefault();
        void feed.act(v.locked ? { action: 'join', password: password.value } : { action: 'join' });
      }}
    >
      {v.locked && (
        <label>
          <span class="field-label">{ot('tour.joinPassword')}</span>
          <input
            name="password"
            autocomplete="off"
            required
            value={password.value}
            onInput={(e) => (password.value = e.currentTarget.value)}
          />
        </label>
      )}
      <button
        type="submit"
        class="primary"
        data-testid="join"
        disabled={feed.acting.value || me.value === undefined}
      >
        {ot('tour.join')}
      </button>
    </form>
  );
}

/** What this player is in the tournament, and what they can do there. */
function You({ feed, v }: { readonly feed: TournamentFeed; readonly v: TournamentView }) {
  const you = v.you;
  const next = feed.next.value;
  const inIt = you?.joined === true && !you.withdrawn;
  const note = !inIt
    ? you?.withdrawn
      ? ot('tour.youOut')
      : v.locked
        ? ot('tour.joinLocked')
        : undefined
    : you.paused
      ? ot('tour.youPaused')
      : you.game
        ? ot('tour.yourGame')
        : v.status === 'upcoming'
          ? ot('tour.youWait')
          : v.status === 'running'
            ? ot('tour.youNext')
            : undefined;
  if (!next && !note && !open(v) && !feed.refused.value) return null;
  return (
    <section class={`tournament-you${inIt ? ' joined' : ''}`} data-testid="tournament-you">
      {next ? (
        <p class="tournament-countdown" role="status" data-testid="game-countdown">
          {ot('tour.gameIn', { count: next.left })}
        </p>
      ) : (
        note && (
          <p class="tournament-you-note" role="status">
            {note}{' '}
            {inIt && you.game && (
              <Link href={gamePath(you.game)} testId="your-game">
                {ot('tour.toGame')}
              </Link>
            )}
          </p>
        )
      )}
      {open(v) && (
        <div class="tournament-actions">
          {!inIt ? (
            <Join feed={feed} v={v} />
          ) : (
            <>
              {v.status === 'running' && (
                <button
                  type="button"
                  class={you.paused ? 'primary' : undefined}
                  disabled={feed.acting.value}
                  data-testid={you.paused ? 'resume' : 'pause'}
                  onClick={() => void feed.act({ action: you.paused ? 'resume' : 'pause' })}
                >
                  {ot(you.paused ? 'tour.resume' : 'tour.pause')}
                </button>
              )}
              <button
                type="button"
                class="quiet"
                disabled={feed.acting.value}
                data-testid="withdraw"
                onClick={() => void feed.act({ action: 'withdraw' })}
              >
                {ot('tour.withdraw')}
              </button>
            </>
          )}
        </div>
      )}
      {feed.refused.value && (
        <p class="form-problem" role="alert" data-testid="tournament-refused">
          {feed.refused.value}
        </p>
      )}
    </section>
  );
}

/** A player's marks beside their name: on fire, paused, withdrawn, playing now. */
function Marks({ line }: { readonly line: StandingLine }) {
  return (
    <>
      {line.fire && (
        <span class="standing-fire" title={ot('tour.fire')} data-testid="fire">
          <Icon name="fire" />
          <span class="sr-only">{ot('tour.fire')}</span>
        </span>
      )}
      {line.withdrawn ? (
        <span class="standing-tag">{ot('tour.withdrawn')}</span>
      ) : (
        line.paused && <span class="standing-tag">{ot('tour.paused')}</span>
      )}
      {line.playing && (
        <Link href={gamePath(line.playing)} class="standing-playing" label={ot('tour.playing')}>
          <span aria-hidden="true" />
        </Link>
      )}
    </>
  );
}

/** This player's sheet on their own line: a figure a game, the doubled ones marked. */
function Sheet({ line }: { readonly line: StandingLine }) {
  const marks = line.sheet ?? [];
  if (marks.length === 0) return null;
  return (
    <span class="sheet" data-testid="sheet">
      <span class="sr-only">
        {ot('tour.sheetOf', { points: marks.map((m) => m.text).join(' ') })}
      </span>
      {marks.map((m, i) => (
        <span
          key={i}
          class={`sheet-game ${m.result ?? 'playing'}${m.fire ? ' fire' : ''}`}
          aria-hidden="true"
        >
          {m.text}
          {m.berserk && <Icon name="berserk" />}
        </span>
      ))}
    </span>
  );
}

function Line({ line, swiss }: { readonly line: StandingLine; readonly swiss: boolean }) {
  return (
    <tr
      class={`${line.you ? 'you' : ''}${line.withdrawn ? ' withdrawn' : ''}`}
      aria-current={line.you ? 'true' : undefined}
      data-testid="standing"
    >
      <td class="standing-rank">{line.rank}</td>
      <td class="standing-player">
        <span class="standing-who">
          <Link href={playerPath(line.id)} class="player-link">
            {line.name}
          </Link>
          {line.bot && <BotMark />}
          {line.you && <span class="you-mark">{ot('seat.you')}</span>}
          <span class="rating">{line.rating}</span>
          <Marks line={line} />
        </span>
        <Sheet line={line} />
      </td>
      {swiss && <td class="standing-tiebreak">{line.buchholz}</td>}
      {swiss && <td class="standing-tiebreak">{line.sonnebornBerger}</td>}
      <td class="standing-score" data-testid="score">
        {line.score}
      </td>
    </tr>
  );
}

/** A page control: the pages before and after, where this player is, and which page this is. */
function Pager({ feed, v }: { readonly feed: TournamentFeed; readonly v: TournamentView }) {
  const rank = v.you?.standing?.rank;
  const yours = rank === undefined ? undefined : pageOfRank(rank, STANDINGS_PAGE);
  if (v.pages <= 1) return null;
  return (
    <nav class="pager" aria-label={ot('tour.standings')}>
      <button
        type="button"
        class="quiet icon-only"
        aria-label={ot('tour.previous')}
        disabled={v.page <= 1}
        onClick={() => feed.showPage(v.page - 1)}
      >
        <Icon name="back" />
      </button>
      <span class="pager-where" aria-live="polite">
        {ot('tour.pageOf', { page: v.page, pages: v.pages })}
      </span>
      <button
        type="button"
        class="quiet icon-only"
        aria-label={ot('tour.next')}
        disabled={v.page >= v.pages}
        onClick={() => feed.showPage(v.page + 1)}
      >
        <Icon name="forward" />
      </button>
      {yours !== undefined && yours !== v.page && (
        <button type="button" class="quiet small" onClick={() => feed.showPage(yours)}>
          {ot('tour.yourPlace')}
        </button>
      )}
    </nav>
  );
}

function Standings({ feed, v }: { readonly feed: TournamentFeed; readonly v: TournamentView }) {
  const lines = standingLines(v, me.value?.id);
  const swiss = v.kind === 'swiss';
  return (
    <section class="tournament-standings" aria-labelledby="tournament-standings">
      <h2 id="tournament-standings">{ot('tour.standings')}</h2>
      {lines.length === 0 ? (
        <p class="lobby-empty">{ot('tour.nobody')}</p>
      ) : (
        <table class="standings" data-testid="standings">
          <thead>
            <tr>
              <th scope="col" class="standing-rank">
                <span aria-hidden="true">#</span>
                <span class="sr-only">{ot('tour.col.rank')}</span>
              </th>
              <th scope="col">{ot('col.player')}</th>
              {swiss && (
                <th scope="col" class="standing-tiebreak" title={ot('tour.buchholz')}>
                  <span aria-hidden="true">{ot('tour.buchholzShort')}</span>
                  <span class="sr-only">{ot('tour.buchholz')}</span>
                </th>
              )}
              {swiss && (
                <th scope="col" class="standing-tiebreak" title={ot('tour.sb')}>
                  <span aria-hidden="true">{ot('tour.sbShort')}</span>
                  <span class="sr-only">{ot('tour.sb')}</span>
                </th>
              )}
              <th scope="col" class="standing-score">
                {ot('tour.col.score')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <Line key={line.id} line={line} swiss={swiss} />
            ))}
          </tbody>
        </table>
      )}
      <Pager feed={feed} v={v} />
    </section>
  );
}

/** The first three of a finished tournament, the winner in the middle. */
function Podium({ v }: { readonly v: TournamentView }) {
  const lines = podiumLines(v, me.value?.id);
  if (v.status !== 'finished' || lines.length === 0) return null;
  return (
    <section class="tournament-podium" aria-labelledby="tournament-podium">
      <h2 id="tournament-podium" class="sr-only">
        {ot('tour.podium')}
      </h2>
      <ol class="podium" data-testid="podium">
        {lines.map((line, i) => (
          <li key={line.id} class={`podium-place place-${i + 1}${line.you ? ' you' : ''}`}>
            <span class="podium-rank">{ot(`tour.place${(i + 1) as 1 | 2 | 3}`)}</span>
            <Link href={playerPath(line.id)} class="player-link">
              {line.name}
            </Link>
            {line.bot && <BotMark />}
            <span class="podium-score">{line.score}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The games being played, while the tournament is. */
function Games({ v }: { readonly v: TournamentView }) {
  return (
    <section class="lobby-list tournament-games" aria-labelledby="tournament-games">
      <h2 id="tournament-games">{ot('tour.games')}</h2>
      {v.games.length === 0 ? (
        <p class="lobby-empty">{ot('tour.noGames')}</p>
      ) : (
        <ul class="rows" data-testid="tournament-games">
          {v.games.map((g) => (
            <li key={g.game}>
              <Link href={gamePath(g.game)} class="live-game">
                <span class="live-side">
                  <span class="token-dot white" aria-hidden="true" />
                  {g.white}
                </span>
                <span class="live-side">
                  <span class="token-dot black" aria-hidden="true" />
                  {g.black}
                </span>
                {v.kind === 'swiss' && (
                  <span class="live-rule">{ot('tour.roundNumber', { round: g.round })}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The page of tournament `id`; an id that cannot be a tournament's is answered without asking. */
export function TournamentPage({ id }: { readonly id: string }) {
  return TOURNAMENT_ID.test(id) ? <Tournament id={id} /> : <NoTournament />;
}

/** What the page of a tournament the server does not know shows: one sentence and the way on. */
function NoTournament() {
  return (
    <main class="not-found" data-testid="no-tournament">
      <p>{ot('tour.missing')}</p>
      <Link class="button primary" href={TOURNAMENTS_PATH}>
        <Icon name="forward" />
        {ot('tour.toList')}
      </Link>
    </main>
  );
}

function Tournament({ id }: { readonly id: string }) {
  const go = useContext(Go);
  const token = me.value?.token;
  const feed = useMemo(() => new TournamentFeed(id, token, EVERY_MS, { go }), [id, token, go]);
  useEffect(() => () => feed.stop(), [feed]);
  const now = useClock(true) + feed.offset.value;
  const v = feed.view.value;
  const title = v && tournamentName(v);
  useEffect(() => {
    if (title) document.title = `${title} · Agon`;
  }, [title]);
  if (feed.missing.value) return <NoTournament />;
  const problem = feed.problem.value;
  if (!v) {
    return (
      <main class="tournament">
        {problem ? (
          <p class="online-notice" role="alert">
            {ot('tour.tournamentFailed', { why: problem })}
          </p>
        ) : (
          <p class="loading">{ot('tour.loading')}</p>
        )}
      </main>
    );
  }
  const share = v.by !== undefined && v.by.id === me.value?.id && open(v);
  const playing = v.status === 'running' || v.status === 'ending';
  return (
    <main class="tournament" data-testid="tournament">
      <div class="tournament-main">
        <Head v={v} now={now} />
        {problem && (
          <p class="online-line" role="status">
            {problem}
          </p>
        )}
        <You feed={feed} v={v} />
        <Podium v={v} />
        <Standings feed={feed} v={v} />
      </div>
      {(share || playing) && (
        <aside class="tournament-side">
          {share && <ShareLink link={tournamentLink(v.id)} title={ot('tour.share')} />}
          {playing && <Games v={v} />}
        </aside>
      )}
    </main>
  );
}
