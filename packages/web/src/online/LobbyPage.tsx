// The lobby: quick pairing by pool, open challenges to accept or one to make, and the games
// being played now, all live from the lobby's socket. A wait in a pool shows how long it has
// lasted, and after a while offers the computer instead.

import {
  type ChallengeTerms,
  type ChallengeView,
  CORRESPONDENCE_DAYS,
  type Days,
  type LiveGameView,
  type Pace,
  POOLS,
  type PoolId,
  ratingClass,
} from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { Modal } from '../lib/Modal.tsx';
import { QueenChoice } from '../lib/QueenChoice.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Segmented } from '../ui/Segmented.tsx';
import { gamePath } from './address.ts';
import { SideChoice, VariantChoice } from './GameTerms.tsx';
import { Link } from './Link.tsx';
import { Lobby } from './lobby.ts';
import { elapsedText, paceText, ratingText } from './lobby-text.ts';
import { NoPlayerYet } from './NoPlayerYet.tsx';
import { me } from './players.ts';
import { words } from './strings.ts';
import { ot } from './text.ts';
import { Who } from './Who.tsx';
import { YourGames } from './YourGames.tsx';
import './lobby.css';

/** How long a wait lasts before the computer is offered instead. */
const SLOW_MS = 20_000;

/** The time now, ticking every second while `running`. */
function useClock(running: boolean): number {
  const now = useSignal(Date.now());
  useEffect(() => {
    if (!running) return;
    now.value = Date.now();
    const tick = setInterval(() => (now.value = Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running, now]);
  return now.value;
}

function Pools({ lobby, create }: { readonly lobby: Lobby; readonly create: () => void }) {
  const view = lobby.view.value;
  const seeking = lobby.seeking.value?.pool;
  return (
    <section class="lobby-quick" aria-labelledby="lobby-quick">
      <h2 id="lobby-quick">{ot('lobby.quick')}</h2>
      <p class="lobby-note">{ot('lobby.quickNote')}</p>
      <div class="pool-grid">
        {POOLS.map((pool) => {
          const crowd = view?.pools.find((p) => p.id === pool.id);
          const waiting = seeking === pool.id;
          const cls = ot(`class.${ratingClass(pool)}`);
          return (
            <button
              key={pool.id}
              type="button"
              class={`pool${waiting ? ' waiting' : ''}`}
              aria-pressed={waiting}
              data-testid={`pool-${pool.id}`}
              disabled={!view}
              onClick={() => (waiting ? lobby.unseek() : lobby.seek(pool.id))}
            >
              <span class="pool-time">{pool.id}</span>
              <span class="pool-class">{cls}</span>
              <span class="pool-crowd">
                {waiting
                  ? ot('lobby.waitingHere')
                  : crowd
                    ? ot('lobby.crowd', { waiting: crowd.waiting, playing: crowd.playing })
                    : '\u00a0'}
              </span>
            </button>
          );
        })}
        <button
          type="button"
          class="pool custom"
          data-testid="create-challenge"
          disabled={!view}
          onClick={create}
        >
          <span class="pool-time">
            <Icon name="newGame" />
          </span>
          <span class="pool-class">{ot('lobby.custom')}</span>
          <span class="pool-crowd">{ot('lobby.customNote')}</span>
        </button>
      </div>
    </section>
  );
}

/**
 * Said while the server has lost its link to the lobby's list, and nothing else: the region is
 * on the page from the start, so a screen reader hears the news when it comes.
 */
function Reconnecting({ lobby }: { readonly lobby: Lobby }) {
  return (
    <div class="lobby-away" role="status" data-testid="lobby-reconnecting">
      {lobby.reconnecting.value && (
        <>
          <p class="lobby-away-title">{ot('lobby.reconnecting')}</p>
          <p>{ot('lobby.reconnectingNote')}</p>
        </>
      )}
    </div>
  );
}

/** The wait in a pool: what for, for how long, a way out, and after a while the computer. */
function Seeking({
  lobby,
  pool,
  since,
}: {
  readonly lobby: Lobby;
  readonly pool: PoolId;
  readonly since: number;
}) {
  const now = useClock(true);
  const stayed = useSignal(false);
  const terms = POOLS.find((p) => p.id === pool);
  const waited = now - since;
  return (
    <div class="seek-panel" data-testid="seeking">
      <p class="seek-what">
        {ot('lobby.seeking', {
          time: pool,
          class: terms ? ot(`class.${ratingClass(terms)}`) : '',
        })}
      </p>
      <p class="seek-time">
        {ot('lobby.seekingTime')}{' '}
        <span role="timer" data-testid="seek-elapsed">
          {elapsedText(waited)}
        </span>
      </p>
      {waited >= SLOW_MS && !stayed.value && (
        <div class="seek-slow" data-testid="seek-slow">
          <p>{ot('lobby.slow')}</p>
          <a class="button primary small" href="/" onClick={() => lobby.unseek()}>
            {ot('lobby.playComputer')}
          </a>
          <button type="button" class="small" onClick={() => (stayed.value = true)}>
            {ot('lobby.keepWaiting')}
          </button>
        </div>
      )}
      <button type="button" class="seek-cancel" onClick={() => lobby.unseek()}>
        {ot('lobby.cancel')}
      </button>
    </div>
  );
}

/** The terms of a challenge or a game, short: `5+3 Blitz · Placement · Casual · Touch-move`. */
function Terms({ terms }: { readonly terms: Omit<ChallengeTerms, 'side'> }) {
  const parts = [
    ot(`class.${ratingClass(terms.clock)}`),
    ot(`variant.${terms.variant}`),
    ot(terms.rated ? 'mode.rated' : 'mode.casual'),
    ...(terms.touchMove ? [ot('touchMove')] : []),
    ...(terms.captorPlacesQueen ? [ot('captorPlacesQueen')] : []),
  ];
  return (
    <span class="terms">
      <span class="terms-time">{paceText(terms.clock)}</span> {parts.join(' · ')}
    </span>
  );
}

/** The side a challenger takes, as a piece's colour (half and half for random) with its name. */
function ChallengerSide({ side }: { readonly side: ChallengeTerms['side'] }) {
  const said = ot(`lobby.side.${side}`);
  return (
    <span class="token-dot-wrap" title={said} data-testid="challenge-side">
      <span class={`token-dot ${side}`} aria-hidden="true" />
      <span class="sr-only">{said}</span>
    </span>
  );
}

function Challenge({ lobby, c }: { readonly lobby: Lobby; readonly c: ChallengeView }) {
  const own = c.by.id === lobby.you.value?.id;
  return (
    <li class={`challenge${own ? ' own' : ''}`} data-testid="challenge">
      <Who player={c.by} you={own} />
      <span class="challenge-terms">
        <ChallengerSide side={c.side} />
        <Terms terms={c} />
      </span>
      {own ? (
        <button
          type="button"
          class="small"
          aria-label={ot('lobby.withdrawOwn')}
          onClick={() => lobby.withdraw(c.id)}
        >
          {ot('lobby.cancel')}
        </button>
      ) : (
        <button
          type="button"
          class="primary small"
          aria-label={ot('lobby.acceptOf', { name: c.by.name })}
          // The server refuses every acceptance until its list is back (the banner says so).
          disabled={lobby.reconnecting.value}
          onClick={() => lobby.accept(c.id)}
        >
          {ot('lobby.accept')}
        </button>
      )}
    </li>
  );
}

function Challenges({ lobby }: { readonly lobby: Lobby }) {
  const list = lobby.view.value?.challenges ?? [];
  return (
    <section class="lobby-list" aria-labelledby="lobby-challenges">
      <h2 id="lobby-challenges">{ot('lobby.challenges')}</h2>
      {list.length === 0 ? (
        <p class="lobby-empty">{ot('lobby.noChallenges')}</p>
      ) : (
        <ul class="rows" data-testid="challenges">
          {list.map((c) => (
            <Challenge key={c.id} lobby={lobby} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LiveGame({ game }: { readonly game: LiveGameView }) {
  return (
    <li>
      <Link href={gamePath(game.id)} class="live-game">
        <span class="live-side">
          <span class="token-dot white" aria-hidden="true" />
          {game.white.name} <span class="rating">{ratingText(game.white.rating)}</span>
        </span>
        <span class="live-side">
          <span class="token-dot black" aria-hidden="true" />
          {game.black.name} <span class="rating">{ratingText(game.black.rating)}</span>
        </span>
        <span class="terms-time">{paceText(game.clock)}</span>
        {game.captorPlacesQueen && <span class="live-rule">{ot('captorPlacesQueen')}</span>}
      </Link>
    </li>
  );
}

function Side({ lobby }: { readonly lobby: Lobby }) {
  const view = lobby.view.value;
  const you = lobby.you.value;
  return (
    <aside class="lobby-side">
      {view && (
        <p class="lobby-counts" data-testid="lobby-counts">
          <span>{ot('lobby.players', { count: view.players })}</span>
          <span>{ot('lobby.games', { count: view.games })}</span>
        </p>
      )}
      <section class="lobby-list" aria-labelledby="lobby-live">
        <h2 id="lobby-live">{ot('lobby.live')}</h2>
        {view && view.live.length > 0 ? (
          <ul class="rows" data-testid="live-games">
            {view.live.map((g) => (
              <LiveGame key={g.id} game={g} />
            ))}
          </ul>
        ) : (
          <p class="lobby-empty">{ot('lobby.noLive')}</p>
        )}
      </section>
      {you && (
        <p class="lobby-you">
          <Link href="/me">{ot('lobby.you', { name: you.name })}</Link>
        </p>
      )}
    </aside>
  );
}

const MINUTES = [1, 2, 3, 5, 10, 15, 30] as const;
const PACES = ['real-time', 'correspondence'] as const;
const INCREMENTS = [0, 1, 2, 3, 5, 10, 20] as const;

/** The dialog that makes a challenge; `done` closes it. */
function ChallengeDialog({ lobby, done }: { readonly lobby: Lobby; readonly done: () => void }) {
  const pace = useSignal<(typeof PACES)[number]>('real-time');
  const minutes = useSignal<number>(5);
  const increment = useSignal<number>(3);
  const days = useSignal<Days>(3);
  const variant = useSignal<ChallengeTerms['variant']>('standard');
  const touchMove = useSignal(false);
  const captor = useSignal(false);
  const side = useSignal<ChallengeTerms['side']>('random');
  const rated = useSignal(true);
  const clock: Pace =
    pace.value === 'correspondence'
      ? { days: days.value }
      : { initial: minutes.value * 60_000, increment: increment.value * 1000 };
  return (
    <Modal title={ot('challenge.title')} onClose={done} testId="challenge-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          lobby.challenge({
            clock,
            variant: variant.value,
            touchMove: touchMove.value,
            captorPlacesQueen: captor.value,
            side: side.value,
            rated: rated.value,
          });
          done();
        }}
      >
        <Segmented
          legend={ot('challenge.pace')}
          name="pace"
          value={pace.value}
          choices={[
            { value: 'real-time', label: ot('challenge.realTime') },
            { value: 'correspondence', label: ot('challenge.correspondence') },
          ]}
          choose={(p) => (pace.value = p)}
        />
        {pace.value === 'correspondence' ? (
          <>
            <Segmented
              legend={ot('challenge.days')}
              name="days"
              value={days.value}
              choices={CORRESPONDENCE_DAYS.map((d) => ({ value: d, label: String(d) }))}
              choose={(d) => (days.value = d)}
            />
            <p class="lobby-note">{ot('challenge.daysNote')}</p>
          </>
        ) : (
          <>
            <Segmented
              legend={ot('challenge.minutes')}
              name="minutes"
              value={minutes.value}
              choices={MINUTES.map((m) => ({ value: m, label: String(m) }))}
              choose={(m) => (minutes.value = m)}
            />
            <Segmented
              legend={ot('challenge.increment')}
              name="increment"
              value={increment.value}
              choices={INCREMENTS.map((s) => ({ value: s, label: String(s) }))}
              choose={(s) => (increment.value = s)}
            />
          </>
        )}
        <p class="challenge-class" aria-live="polite">
          <span class="terms-time">{paceText(clock)}</span>{' '}
          {ot('challenge.class', { class: ot(`class.${ratingClass(clock)}`) })}
        </p>
        <VariantChoice variant={variant} />
        <QueenChoice captor={captor.value} choose={(c) => (captor.value = c)} />
        <SideChoice side={side} />
        <Segmented
          legend={ot('challenge.mode')}
          name="rated"
          value={rated.value ? 'rated' : 'casual'}
          choices={[
            { value: 'rated', label: ot('mode.rated') },
            { value: 'casual', label: ot('mode.casual') },
          ]}
          choose={(m) => (rated.value = m === 'rated')}
        />
        <button
          type="button"
          class="switch quiet"
          aria-pressed={touchMove.value}
          onClick={() => (touchMove.value = !touchMove.value)}
        >
          {ot('challenge.touchMove')}
        </button>
        {lobby.mine.value && <p class="lobby-note">{ot('challenge.replaces')}</p>}
        <div class="actions">
          <button type="button" class="quiet" onClick={done}>
            {ot('lobby.cancel')}
          </button>
          <button type="submit" class="primary">
            {ot('challenge.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The lobby page; `go` opens a game made for this player. */
export function LobbyPage({ go }: { readonly go: (path: string) => void }) {
  const token = me.value?.token;
  const lobby = useMemo(
    () => (token === undefined ? undefined : new Lobby(token, go)),
    [token, go],
  );
  useEffect(() => () => lobby?.stop(), [lobby]);
  const creating = useSignal(false);
  if (!lobby) {
    return (
      <main class="lobby">
        <NoPlayerYet />
      </main>
    );
  }
  const seeking = lobby.seeking.value;
  const line = lobby.line.value;
  const notice = lobby.notice.value;
  return (
    <main class="lobby" data-testid="lobby">
      <div class="lobby-main">
        <Reconnecting lobby={lobby} />
        <div class="lobby-status" role="status" aria-live="polite">
          {line !== 'open' && (
            <p class="online-line" data-testid="line">
              {line === 'connecting' && !lobby.view.value ? words.connecting : words.reconnecting}
            </p>
          )}
          {notice && (
            <p class="online-notice" data-testid="lobby-notice">
              {notice.text}{' '}
              {notice.game && (
                <Link href={gamePath(notice.game)} testId="busy-game">
                  {ot('refusal.toGame')}
                </Link>
              )}
            </p>
          )}
          {seeking && <Seeking lobby={lobby} pool={seeking.pool} since={seeking.since} />}
        </div>
        {token !== undefined && <YourGames token={token} />}
        <Pools lobby={lobby} create={() => (creating.value = true)} />
        <Challenges lobby={lobby} />
      </div>
      <Side lobby={lobby} />
      {creating.value && <ChallengeDialog lobby={lobby} done={() => (creating.value = false)} />}
    </main>
  );
}
