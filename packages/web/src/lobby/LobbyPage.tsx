// The lobby: quick pairing by pool, open challenges to accept or one to make, and the games
// being played now, all live from the lobby's socket. A wait in a pool shows how long it has
// lasted, and after a while offers the computer instead.

import {
  type ChallengeTerms,
  type ChallengeView,
  DECLINE_REASONS,
  type DeclineReason,
  type HouseBotView,
  type LiveGameView,
  POOLS,
  type PoolId,
  ratingClass,
} from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { ChallengeDialog } from '../challenge/ChallengeDialog.tsx';
import { Terms } from '../challenge/Terms.tsx';
import { GAMES_PATH, gamePath, playerPath } from '../online/address.ts';
import { Link } from '../online/Link.tsx';
import { elapsedText, paceText, ratingText } from '../online/lobby-text.ts';
import { NoPlayerYet } from '../online/NoPlayerYet.tsx';
import { houseBots, me } from '../online/players.ts';
import { words } from '../online/strings.ts';
import { ot } from '../online/text.ts';
import { useClock } from '../online/use-clock.ts';
import { BotMark, Who } from '../online/Who.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Lobby, poolAsked } from './lobby.ts';
import { WaitingList } from './WaitingList.tsx';
import { YourGames } from './YourGames.tsx';
import '../online/rows.css';
import './lobby.css';

/** How long a wait lasts before the computer is offered instead. */
const SLOW_MS = 20_000;

function Pools({ lobby, create }: { readonly lobby: Lobby; readonly create: () => void }) {
  const view = lobby.view.value;
  const seeking = lobby.seeking.value?.pool;
  return (
    <section class="lobby-quick" aria-labelledby="lobby-quick">
      <h2 id="lobby-quick">{ot('lobby.quick')}</h2>
      <p class="lobby-note">
        {ot('lobby.quickNote')}{' '}
        {view && <span data-testid="sought">{ot('lobby.sought', { count: view.sought })}</span>}
      </p>
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
      <HouseBotLine />
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

/**
 * The wait in a pool: what for, for how long, a way out, and when a house bot steps in; with
 * people only, after a while the offer of the computer on this device.
 */
function Seeking({
  lobby,
  pool,
  since,
  also,
  bot,
}: {
  readonly lobby: Lobby;
  readonly pool: PoolId;
  readonly since: number;
  readonly also: readonly PoolId[];
  readonly bot: number | undefined;
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
      <Range lobby={lobby} pool={pool} also={also} />
      <p class="seek-bot" data-testid="seek-bot">
        {bot === undefined
          ? ot('lobby.peopleOnly')
          : waited < bot * 1000
            ? ot('lobby.botAfter', { seconds: String(bot) })
            : ot('lobby.botComing')}
      </p>
      {bot === undefined && waited >= SLOW_MS && !stayed.value && (
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

/**
 * The other pools a wait may take too: "any blitz", "3+2 to 10+5". Each a switch; a change
 * seeks again with the new range, keeping the wait's start.
 */
function Range({
  lobby,
  pool,
  also,
}: {
  readonly lobby: Lobby;
  readonly pool: PoolId;
  readonly also: readonly PoolId[];
}) {
  return (
    <fieldset class="seek-range" data-testid="seek-range">
      <legend>{ot('lobby.alsoPlay')}</legend>
      {POOLS.filter((p) => p.id !== pool).map((p) => {
        const on = also.includes(p.id);
        return (
          <button
            key={p.id}
            type="button"
            class="small"
            aria-pressed={on}
            onClick={() => lobby.seek(pool, on ? also.filter((a) => a !== p.id) : [...also, p.id])}
          >
            {p.id}
          </button>
        );
      })}
    </fieldset>
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
        <AcceptButton lobby={lobby} c={c} />
      )}
    </li>
  );
}

/** Accepts challenge `c`, open or addressed to this player. */
function AcceptButton({ lobby, c }: { readonly lobby: Lobby; readonly c: ChallengeView }) {
  return (
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
  );
}

/** A challenge addressed to this player: accept it, or decline it with a reason. */
function Incoming({ lobby, c }: { readonly lobby: Lobby; readonly c: ChallengeView }) {
  const declining = useSignal(false);
  const reason = useSignal<DeclineReason>('generic');
  return (
    <li class="challenge direct" data-testid="incoming-challenge">
      <span class="direct-who">
        {ot('direct.from', { name: c.by.name })}{' '}
        <span class="rating">{ratingText(c.by.rating)}</span>
      </span>
      <span class="challenge-terms">
        <ChallengerSide side={c.side} />
        <Terms terms={c} />
      </span>
      {declining.value ? (
        <form
          class="direct-decline"
          onSubmit={(e) => {
            e.preventDefault();
            lobby.decline(c.id, reason.value);
          }}
        >
          <label>
            <span>{ot('direct.reason')}</span>
            <select
              value={reason.value}
              onChange={(e) => (reason.value = e.currentTarget.value as DeclineReason)}
            >
              {DECLINE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {ot(`decline.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" class="quiet small" onClick={() => (declining.value = false)}>
            {ot('direct.back')}
          </button>
          <button type="submit" class="small">
            {ot('direct.sendDecline')}
          </button>
        </form>
      ) : (
        <span class="direct-actions">
          <button type="button" class="small" onClick={() => (declining.value = true)}>
            {ot('direct.decline')}
          </button>
          <AcceptButton lobby={lobby} c={c} />
        </span>
      )}
    </li>
  );
}

/** A challenge of this player's addressed to another, waiting for their answer. */
function Outgoing({ lobby, c }: { readonly lobby: Lobby; readonly c: ChallengeView }) {
  return (
    <li class="challenge direct own" data-testid="outgoing-challenge">
      <span class="direct-who">{ot('direct.waitingFor', { name: c.to?.name ?? '' })}</span>
      <span class="challenge-terms">
        <ChallengerSide side={c.side} />
        <Terms terms={c} />
      </span>
      <button
        type="button"
        class="small"
        aria-label={ot('direct.withdrawTo', { name: c.to?.name ?? '' })}
        onClick={() => lobby.withdraw(c.id)}
      >
        {ot('lobby.cancel')}
      </button>
    </li>
  );
}

/** The challenges between this player and others by name, at the top: nothing if none. */
function Direct({ lobby }: { readonly lobby: Lobby }) {
  const incoming = lobby.incoming.value;
  const outgoing = lobby.outgoing.value;
  return (
    <>
      {incoming.length > 0 && (
        <section class="lobby-list lobby-direct" aria-labelledby="lobby-incoming">
          <h2 id="lobby-incoming">{ot('direct.incoming')}</h2>
          <ul class="rows">
            {incoming.map((c) => (
              <Incoming key={c.id} lobby={lobby} c={c} />
            ))}
          </ul>
        </section>
      )}
      {outgoing.length > 0 && (
        <section class="lobby-list lobby-direct" aria-labelledby="lobby-outgoing">
          <h2 id="lobby-outgoing">{ot('direct.outgoing')}</h2>
          <ul class="rows">
            {outgoing.map((c) => (
              <Outgoing key={c.id} lobby={lobby} c={c} />
            ))}
          </ul>
        </section>
      )}
    </>
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
          {game.white.name} {game.white.bot && <BotMark />}{' '}
          <span class="rating">{ratingText(game.white.rating)}</span>
        </span>
        <span class="live-side">
          <span class="token-dot black" aria-hidden="true" />
          {game.black.name} {game.black.bot && <BotMark />}{' '}
          <span class="rating">{ratingText(game.black.rating)}</span>
        </span>
        <span class="terms-time">{paceText(game.clock)}</span>
        {game.captorPlacesQueen && <span class="live-rule">{ot('captorPlacesQueen')}</span>}
      </Link>
    </li>
  );
}

/**
 * The house bots, each a link to its page, where its Challenge button is: someone to play
 * whenever nobody else is here. Read once when the lobby opens; nothing until then or if the
 * read fails.
 */
function HouseBotLine() {
  const bots = useSignal<readonly HouseBotView[]>([]);
  useEffect(() => {
    houseBots().then(
      (answer) => (bots.value = answer.bots),
      () => undefined,
    );
  }, [bots]);
  if (bots.value.length === 0) return null;
  return (
    <p class="lobby-bots" data-testid="house-bots">
      <span>{ot('lobby.bots')}</span>
      {bots.value.map((bot) => (
        <Link key={bot.id} href={playerPath(bot.id)} testId={`house-bot-${bot.level}`}>
          {bot.name} <span class="rating">{ratingText(bot.rating)}</span>
        </Link>
      ))}
    </p>
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

/** The lobby page; `go` opens a game made for this player. */
export function LobbyPage({ go }: { readonly go: (path: string) => void }) {
  const token = me.value?.token;
  const lobby = useMemo(
    () => (token === undefined ? undefined : new Lobby(token, go, poolAsked(location.search))),
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
            <p
              class={`online-notice${notice.answer ? ' lobby-answer' : ''}`}
              data-testid="lobby-notice"
            >
              {notice.text}{' '}
              {notice.game && (
                <Link href={gamePath(notice.game)} testId="busy-game">
                  {ot('refusal.toGame')}
                </Link>
              )}
              {notice.games && (
                <Link href={GAMES_PATH} testId="season-games">
                  {ot('yours.title')}
                </Link>
              )}
            </p>
          )}
          {seeking && (
            <Seeking
              lobby={lobby}
              pool={seeking.pool}
              since={seeking.since}
              also={seeking.also ?? []}
              bot={seeking.bot}
            />
          )}
        </div>
        <Direct lobby={lobby} />
        {token !== undefined && <YourGames key={lobby.seasons.value} token={token} />}
        <Pools lobby={lobby} create={() => (creating.value = true)} />
        <Challenges lobby={lobby} />
        {token !== undefined && <WaitingList token={token} />}
      </div>
      <Side lobby={lobby} />
      {creating.value && (
        <ChallengeDialog
          replaces={lobby.mine.value !== undefined}
          submit={(terms: ChallengeTerms) => lobby.challenge(terms)}
          done={() => (creating.value = false)}
        />
      )}
    </main>
  );
}
