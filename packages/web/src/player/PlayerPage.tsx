// A player's page: the name, a rating per class of time control (and, apart, those of the
// variant and house rules played), the last games, each opening its game page, and the
// tournaments played, each opening the tournament's page; another
// player's page has the button that challenges them. This browser's own player also finds
// here the name to change, and the transfer codes that move the identity between devices.

import {
  nameProblem,
  type PlayedTournament,
  type PlayerPage as PlayerData,
  type PlayerGame,
  RATING_CLASSES,
  type RatingView,
  RULE_SETS,
  tidyName,
} from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useContext, useEffect } from 'preact/hooks';
import { ChallengeButton } from '../challenge/ChallengeButton.tsx';
import { language } from '../i18n/translations.ts';
import { gamePath, playerPath, tournamentPath } from '../online/address.ts';
import { Go, Link } from '../online/Link.tsx';
import {
  changeClass,
  nameRefusal,
  nameRuleText,
  ratingDelta,
  ratingText,
  ruleSetText,
  signedChange,
  transferGroups,
} from '../online/lobby-text.ts';
import { NoPlayerYet } from '../online/NoPlayerYet.tsx';
import {
  ApiFailure,
  fetchPlayer,
  me,
  problemText,
  rename,
  transferCode,
  useTransferCode,
} from '../online/players.ts';
import { words } from '../online/strings.ts';
import { ot } from '../online/text.ts';
import { dayText, kindText, tournamentName } from '../tournament/tournament-text.ts';
import { showToast } from '../ui/Toasts.tsx';
import '../online/rows.css';
import { BotMark } from '../online/Who.tsx';
import { VacationForm } from './VacationForm.tsx';
import '../online/who.css';
import './player-page.css';

/** One rating's card: what it is kept for, the figure, and how many games made it. */
function RatingCard({
  title,
  rules,
  r,
  testId,
}: {
  readonly title: string;
  readonly rules?: string;
  readonly r: RatingView;
  readonly testId: string;
}) {
  return (
    <li class="rating-card" data-testid={testId}>
      <span class="rating-class">{title}</span>
      {rules && <span class="rating-rules">{rules}</span>}
      <span class="rating-figure">{ratingText(r)}</span>
      <span class="rating-games">{ot('player.games', { count: r.games })}</span>
    </li>
  );
}

/** The ratings under the variant and house rules, in the order of the rule sets and classes. */
function sortedOthers(others: PlayerData['others']): PlayerData['others'] {
  const rank = (o: PlayerData['others'][number]): number =>
    RULE_SETS.indexOf(o.rules) * RATING_CLASSES.length + RATING_CLASSES.indexOf(o.class);
  return [...others].sort((a, b) => rank(a) - rank(b));
}

function Ratings({ player }: { readonly player: PlayerData }) {
  const others = sortedOthers(player.others);
  return (
    <section class="player-section" aria-labelledby="player-ratings">
      <h2 id="player-ratings">{ot('player.ratings')}</h2>
      <ul class="rating-grid">
        {RATING_CLASSES.map((c) => (
          <RatingCard
            key={c}
            title={ot(`class.${c}`)}
            r={player.ratings[c]}
            testId={`rating-${c}`}
          />
        ))}
      </ul>
      {others.length > 0 && (
        <section aria-labelledby="player-house-rules" data-testid="house-ratings">
          <h3 id="player-house-rules" class="rating-group">
            {ot('player.houseRules')}
          </h3>
          <p class="lobby-note">{ot('player.houseRulesNote')}</p>
          <ul class="rating-grid">
            {others.map((o) => (
              <RatingCard
                key={`${o.class}/${o.rules}`}
                title={ot(`class.${o.class}`)}
                rules={ruleSetText(o.rules)}
                r={o.rating}
                testId={`rating-${o.class}-${o.rules}`}
              />
            ))}
          </ul>
        </section>
      )}
      <p class="lobby-note">{ot('player.provisional')}</p>
    </section>
  );
}

function GameRow({ g }: { readonly g: PlayerGame }) {
  const change = g.rated ? ratingDelta(g.ratingBefore, g.ratingAfter) : undefined;
  return (
    <li>
      <Link href={gamePath(g.game)} class={`game-row ${g.result ?? 'playing'}`}>
        <span class="token-dot-wrap" title={words.sideWord(g.colour)}>
          <span class={`token-dot ${g.colour}`} aria-hidden="true" />
          <span class="sr-only">{words.sideWord(g.colour)}</span>
        </span>
        <span class="game-opponent">
          {g.opponent.name}
          {g.opponent.bot && <BotMark />}
          {g.rules !== 'standard' && (
            <span class="game-rules" data-testid="game-rules">
              {ruleSetText(g.rules)}
            </span>
          )}
        </span>
        <span class="game-result">{ot(`result.${g.result ?? 'playing'}`)}</span>
        <span class={`game-change${change === undefined ? '' : ` ${changeClass(change)}`}`}>
          {change === undefined ? '' : signedChange(change)}
        </span>
        <span class="game-date">{dayText(g.at)}</span>
      </Link>
    </li>
  );
}

function Games({ player }: { readonly player: PlayerData }) {
  return (
    <section class="player-section" aria-labelledby="player-games">
      <h2 id="player-games">{ot('player.recent')}</h2>
      {player.games.length === 0 ? (
        <p class="lobby-empty">{ot('player.noGames')}</p>
      ) : (
        <ul class="rows games" data-testid="player-games">
          {player.games.map((g) => (
            <GameRow key={g.game} g={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TournamentRow({ e }: { readonly e: PlayedTournament }) {
  return (
    <li>
      <Link href={tournamentPath(e.id)} class="game-row played-tournament">
        <span class="game-opponent">
          {tournamentName(e)}
          <span class="game-rules">{kindText(e.kind)}</span>
        </span>
        <span class="game-result">
          {e.rank === null ? '' : ot('player.place', { rank: e.rank, players: e.players })}
        </span>
        <span class="game-change">{ot('player.points', { count: e.score })}</span>
        <span class="game-date">{dayText(e.startsAt)}</span>
      </Link>
    </li>
  );
}

/** The tournaments played, the latest first; nothing before the first. */
function Tournaments({ player }: { readonly player: PlayerData }) {
  // A server from before the tournaments sends none.
  const played = player.tournaments ?? [];
  if (played.length === 0) return null;
  return (
    <section class="player-section" aria-labelledby="player-tournaments">
      <h2 id="player-tournaments">{ot('player.tournaments')}</h2>
      <ul class="rows games" data-testid="player-tournaments">
        {played.map((e) => (
          <TournamentRow key={e.id} e={e} />
        ))}
      </ul>
    </section>
  );
}

function Rename({ renamed }: { readonly renamed: () => void }) {
  const name = useSignal(me.value?.name ?? '');
  const problem = useSignal('');
  const busy = useSignal(false);
  return (
    <form
      class="me-form"
      data-testid="rename"
      onSubmit={(e) => {
        e.preventDefault();
        const broken = nameProblem(name.value);
        if (broken) {
          problem.value = nameRuleText(broken);
          return;
        }
        const sent = tidyName(name.value);
        problem.value = '';
        busy.value = true;
        rename(sent)
          .then((view) => {
            name.value = view.name;
            showToast(ot('me.renamed', { name: view.name }));
            renamed();
          })
          .catch((e: unknown) => {
            problem.value =
              e instanceof ApiFailure && e.refusal ? nameRefusal(sent, e.refusal) : problemText(e);
          })
          .finally(() => (busy.value = false));
      }}
    >
      <h3>{ot('me.rename')}</h3>
      <label class="field-label" for="me-name">
        {ot('me.newName')}
      </label>
      <div class="me-row">
        <input
          id="me-name"
          name="name"
          autocomplete="nickname"
          maxLength={40}
          value={name.value}
          aria-invalid={problem.value !== ''}
          aria-describedby={problem.value ? 'me-name-problem' : undefined}
          onInput={(e) => (name.value = e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy.value}>
          {ot('me.save')}
        </button>
      </div>
      <p id="me-name-problem" class="form-problem" role="alert" data-testid="name-problem">
        {problem.value}
      </p>
    </form>
  );
}

function MoveAway() {
  const code = useSignal<{ readonly code: string; readonly expiresAt: number } | undefined>(
    undefined,
  );
  const problem = useSignal('');
  const busy = useSignal(false);
  const now = useSignal(Date.now());
  const shown = code.value;
  useEffect(() => {
    if (!shown) return;
    // Redrawn when the code runs out, to say so.
    const end = setTimeout(() => (now.value = Date.now()), shown.expiresAt - Date.now() + 100);
    return () => clearTimeout(end);
  }, [shown, now]);
  const expired = shown !== undefined && now.value >= shown.expiresAt;
  return (
    <div class="me-form" data-testid="transfer-out">
      <h3>{ot('move.title')}</h3>
      <p class="lobby-note">{ot('move.explain')}</p>
      {shown && (
        <div class="transfer-code">
          <span class="field-label" id="transfer-code-label">
            {ot('move.code')}
          </span>
          <div class="me-row">
            <output class="code" aria-labelledby="transfer-code-label" data-testid="transfer-code">
              {transferGroups(shown.code)}
            </output>
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(shown.code)
                  .then(() => showToast(ot('move.copied')));
              }}
            >
              {ot('move.copy')}
            </button>
          </div>
          <p class="lobby-note">
            {expired
              ? ot('move.expired')
              : ot('move.expires', {
                  time: new Intl.DateTimeFormat(language.value, { timeStyle: 'short' }).format(
                    shown.expiresAt,
                  ),
                })}
          </p>
        </div>
      )}
      {(!shown || expired) && (
        <button
          type="button"
          disabled={busy.value}
          onClick={() => {
            busy.value = true;
            problem.value = '';
            transferCode()
              .then((c) => {
                code.value = c;
                now.value = Date.now();
              })
              .catch((e: unknown) => (problem.value = problemText(e)))
              .finally(() => (busy.value = false));
          }}
        >
          {ot('move.get')}
        </button>
      )}
      {problem.value && (
        <p class="form-problem" role="alert">
          {problem.value}
        </p>
      )}
    </div>
  );
}

function UseCode({ became }: { readonly became: (id: string) => void }) {
  const code = useSignal('');
  const problem = useSignal('');
  const busy = useSignal(false);
  return (
    <form
      class="me-form"
      data-testid="transfer-in"
      onSubmit={(e) => {
        e.preventDefault();
        busy.value = true;
        problem.value = '';
        useTransferCode(code.value)
          .then((identity) => {
            code.value = '';
            showToast(ot('use.done', { name: identity.name }));
            became(identity.id);
          })
          .catch((e: unknown) => {
            problem.value =
              e instanceof ApiFailure && e.is('bad-code') ? ot('use.bad') : problemText(e);
          })
          .finally(() => (busy.value = false));
      }}
    >
      <h3>{ot('use.title')}</h3>
      <p class="lobby-note">{ot('use.explain', { name: me.value?.name ?? '' })}</p>
      <label class="field-label" for="use-code">
        {ot('use.code')}
      </label>
      <div class="me-row">
        <input
          id="use-code"
          name="code"
          class="code"
          autocomplete="off"
          autocapitalize="none"
          spellcheck={false}
          placeholder="abcd efgh jkmn"
          value={code.value}
          aria-invalid={problem.value !== ''}
          onInput={(e) => (code.value = e.currentTarget.value)}
        />
        <button type="submit" disabled={busy.value || code.value.trim() === ''}>
          {ot('use.submit')}
        </button>
      </div>
      {problem.value && (
        <p class="form-problem" role="alert">
          {problem.value}
        </p>
      )}
    </form>
  );
}

/** The settings of this browser's own player. */
function Own({ reload }: { readonly reload: () => void }) {
  const go = useContext(Go);
  return (
    <section class="player-section me" aria-labelledby="me-title" data-testid="me">
      <h2 id="me-title">{ot('me.title')}</h2>
      <p>{ot('me.secret')}</p>
      <Rename renamed={reload} />
      <VacationForm />
      <MoveAway />
      <UseCode became={(id) => go(playerPath(id))} />
    </section>
  );
}

/** The page of player `id` (this browser's own when undefined, once it is known). */
export function PlayerPage({ id }: { readonly id: string | undefined }) {
  const own = me.value;
  const shown = id ?? own?.id;
  const player = useSignal<PlayerData | undefined>(undefined);
  // What went wrong is kept with the id it went wrong for: the page of another player (a link,
  // the back button, or a new player made for this browser) starts afresh.
  const missing = useSignal<string | undefined>(undefined);
  const problem = useSignal<{ readonly id: string; readonly text: string } | undefined>(undefined);
  const version = useSignal(0);
  useEffect(() => {
    if (shown === undefined) return;
    let live = true;
    problem.value = undefined;
    fetchPlayer(shown)
      .then((p) => {
        if (live) player.value = p;
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiFailure && e.is('no-such-player')) missing.value = shown;
        else problem.value = { id: shown, text: ot('player.loadFailed', { why: problemText(e) }) };
      });
    return () => {
      live = false;
    };
  }, [shown, version.value, player, problem, missing]);
  const p = player.value?.id === shown ? player.value : undefined;
  const trouble = problem.value;
  const failed = trouble && trouble.id === shown ? trouble.text : undefined;
  const mine = own !== undefined && shown === own.id;
  const reload = (): void => {
    version.value++;
  };
  return (
    <main class="player-page" data-testid="player-page">
      {shown === undefined ? (
        <NoPlayerYet />
      ) : missing.value === shown ? (
        <p class="lobby-empty">{ot('player.missing')}</p>
      ) : failed ? (
        <p class="online-notice" role="alert">
          {failed}
        </p>
      ) : !p ? (
        <p class="loading">{ot('player.loading')}</p>
      ) : (
        <>
          <header class="player-head">
            <h2 data-testid="player-name">
              {p.name}
              {p.bot && (
                <>
                  {' '}
                  <BotMark />
                </>
              )}
              {mine && <span class="you-mark"> {ot('seat.you')}</span>}
            </h2>
            <p class="lobby-note" data-testid="player-since">
              {ot('player.since', {
                date: new Intl.DateTimeFormat(language.value, { dateStyle: 'long' }).format(
                  p.createdAt,
                ),
              })}
            </p>
            {!mine && own !== undefined && <ChallengeButton to={p} />}
          </header>
          <Ratings player={p} />
          <Games player={p} />
          <Tournaments player={p} />
        </>
      )}
      {mine && <Own reload={reload} />}
    </main>
  );
}
