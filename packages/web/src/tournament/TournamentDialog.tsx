// The form of a tournament of one's own: an arena (a length in minutes, a live clock, berserk
// allowed or not) or a Swiss (a number of rounds, a live clock or days per move), when it
// starts, its house rules, whether it is rated, whether house bots may fill a thin field, and a
// password to keep it among friends.

import {
  ARENA_MINUTES,
  type Days,
  EVENT_NAME,
  PASSWORD_MAX,
  type Pace,
  POOLS,
  type PoolId,
  parseTournamentRequest,
  SWISS_ROUNDS,
  type TournamentKind,
  type Variant,
} from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { language } from '../i18n/translations.ts';
import { Modal } from '../lib/Modal.tsx';
import { QueenChoice } from '../lib/QueenChoice.tsx';
import {
  DaysChoice,
  PaceChoice,
  RatedChoice,
  TouchMoveSwitch,
  VariantChoice,
} from '../online/GameTerms.tsx';
import { ensureIdentity, me } from '../online/players.ts';
import { ot } from '../online/text.ts';
import { Segmented } from '../ui/Segmented.tsx';
import { kindText } from './tournament-text.ts';
import { createTournament } from './tournaments-api.ts';
import './tournament-dialog.css';

/** When a tournament may start, in minutes from now. */
const STARTS_IN = [1, 5, 15, 30, 60, 120, 360, 1440, 10_080] as const;

const ROUNDS = Array.from(
  { length: SWISS_ROUNDS.max - SWISS_ROUNDS.min + 1 },
  (_, i) => SWISS_ROUNDS.min + i,
);

/** `minutes` from now in the player's language: `in 5 minutes`, `in 2 hours`, `in 1 week`. */
function startText(minutes: number): string {
  const say = new Intl.RelativeTimeFormat(language.value, { numeric: 'always' });
  if (minutes < 60) return say.format(minutes, 'minute');
  if (minutes < 1440) return say.format(minutes / 60, 'hour');
  if (minutes < 10_080) return say.format(minutes / 1440, 'day');
  return say.format(minutes / 10_080, 'week');
}

/** A choice of one number from a list too long for a segmented row. */
function NumberChoice(props: {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly choices: readonly { readonly value: number; readonly label: string }[];
  readonly choose: (value: number) => void;
}) {
  return (
    <div class="number-choice">
      <label class="field-label" for={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.id}
        value={props.value}
        onChange={(e) => props.choose(Number(e.currentTarget.value))}
      >
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The dialog that makes a tournament; `serverNow` is the server's clock (the start is counted from
 * it), `created` is handed the new tournament's id, `done` closes the dialog.
 */
export function TournamentDialog({
  serverNow,
  created,
  done,
}: {
  readonly serverNow: () => number;
  readonly created: (id: string) => void;
  readonly done: () => void;
}) {
  const kind = useSignal<TournamentKind>('arena');
  const named = useSignal<string | undefined>(undefined);
  const pool = useSignal<PoolId>('3+2');
  const correspondence = useSignal(false);
  const days = useSignal<Days>(3);
  const minutes = useSignal<number>(30);
  const rounds = useSignal<number>(5);
  const startsIn = useSignal<number>(5);
  const variant = useSignal<Variant>('standard');
  const captor = useSignal(false);
  const touchMove = useSignal(false);
  const rated = useSignal(true);
  const berserk = useSignal(true);
  const bots = useSignal(true);
  const password = useSignal('');
  const problem = useSignal('');
  const busy = useSignal(false);
  const arena = kind.value === 'arena';
  // Until the player types a name of their own, the tournament is named after them and its kind.
  const name =
    named.value ??
    ot(arena ? 'tour.new.arenaName' : 'tour.new.swissName', { name: me.value?.name ?? '' });
  const live = POOLS.find((p) => p.id === pool.value) ?? POOLS[1];
  const clock: Pace =
    !arena && correspondence.value
      ? { days: days.value }
      : { initial: live.initial, increment: live.increment };
  const submit = async (): Promise<void> => {
    const now = serverNow();
    const checked = parseTournamentRequest(
      {
        kind: kind.value,
        name,
        clock,
        variant: variant.value,
        touchMove: touchMove.value,
        captorPlacesQueen: captor.value,
        rated: rated.value,
        startsAt: now + startsIn.value * 60_000,
        berserk: arena && berserk.value,
        bots: bots.value,
        ...(arena ? { minutes: minutes.value } : { rounds: rounds.value }),
        ...(password.value !== '' && { password: password.value }),
      },
      now,
    );
    if (!checked.ok) {
      problem.value = ot('tour.new.failed', { why: checked.error.message });
      return;
    }
    problem.value = '';
    busy.value = true;
    try {
      const identity = await ensureIdentity();
      const { id } = await createTournament(checked.value, identity.token);
      created(id);
    } catch (e) {
      problem.value = ot('tour.new.failed', { why: e instanceof Error ? e.message : String(e) });
    } finally {
      busy.value = false;
    }
  };
  return (
    <Modal title={ot('tour.create')} onClose={done} testId="tournament-dialog">
      <form
        class="tournament-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Segmented
          legend={ot('tour.new.kind')}
          name="kind"
          value={kind.value}
          choices={(['arena', 'swiss'] as const).map((k) => ({ value: k, label: kindText(k) }))}
          choose={(k) => (kind.value = k)}
        />
        <p class="lobby-note">{ot(arena ? 'tour.new.arenaNote' : 'tour.new.swissNote')}</p>
        <label class="field-label" for="tournament-name">
          {ot('tour.new.name')}
        </label>
        <input
          id="tournament-name"
          name="name"
          class="tournament-name"
          required
          minLength={EVENT_NAME.min}
          maxLength={EVENT_NAME.max}
          autocomplete="off"
          value={name}
          onInput={(e) => (named.value = e.currentTarget.value)}
        />
        {!arena && <PaceChoice correspondence={correspondence} />}
        {!arena && correspondence.value ? (
          <DaysChoice days={days} />
        ) : (
          <Segmented
            legend={ot('tour.new.clock')}
            name="clock"
            value={pool.value}
            choices={POOLS.map((p) => ({ value: p.id, label: p.id }))}
            choose={(p) => (pool.value = p)}
          />
        )}
        <div class="tournament-when">
          {arena ? (
            <NumberChoice
              id="tournament-minutes"
              label={ot('tour.new.length')}
              value={minutes.value}
              choices={ARENA_MINUTES.map((m) => ({
                value: m,
                label: ot('tour.minutes', { count: m }),
              }))}
              choose={(m) => (minutes.value = m)}
            />
          ) : (
            <NumberChoice
              id="tournament-rounds"
              label={ot('tour.new.rounds')}
              value={rounds.value}
              choices={ROUNDS.map((r) => ({ value: r, label: ot('tour.rounds', { count: r }) }))}
              choose={(r) => (rounds.value = r)}
            />
          )}
          <NumberChoice
            id="tournament-start"
            label={ot('tour.new.start')}
            value={startsIn.value}
            choices={STARTS_IN.map((m) => ({ value: m, label: startText(m) }))}
            choose={(m) => (startsIn.value = m)}
          />
        </div>
        <VariantChoice variant={variant} />
        <QueenChoice captor={captor.value} choose={(c) => (captor.value = c)} />
        <RatedChoice rated={rated} />
        <TouchMoveSwitch touchMove={touchMove} />
        {arena && (
          <button
            type="button"
            class="switch quiet"
            aria-pressed={berserk.value}
            onClick={() => (berserk.value = !berserk.value)}
          >
            {ot('tour.new.berserk')}
          </button>
        )}
        <button
          type="button"
          class="switch quiet"
          aria-pressed={bots.value}
          data-testid="tournament-bots"
          onClick={() => (bots.value = !bots.value)}
        >
          {ot('tour.new.bots')}
        </button>
        <label class="field-label" for="tournament-password">
          {ot('tour.new.password')}
        </label>
        <input
          id="tournament-password"
          name="password"
          class="tournament-password"
          autocomplete="off"
          maxLength={PASSWORD_MAX}
          value={password.value}
          aria-describedby="tournament-password-note"
          onInput={(e) => (password.value = e.currentTarget.value)}
        />
        <p id="tournament-password-note" class="lobby-note">
          {ot('tour.new.passwordNote')}
        </p>
        <p class="form-problem" role="alert" data-testid="tournament-problem">
          {problem.value}
        </p>
        <div class="actions">
          <button type="button" class="quiet" onClick={done}>
            {ot('lobby.cancel')}
          </button>
          <button type="submit" class="primary" disabled={busy.value}>
            {ot('tour.new.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
