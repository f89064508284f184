// This browser's player's vacation on their own page (docs/lobby.md, "Vacation"): the days left;
// the vacation under way with its end and the button that ends it; the one booked ahead with its
// dates and the button that cancels it; else the days to take, the day they start (today: from
// now) and the button that takes or books them.

import {
  DAY_MS,
  VACATION_AHEAD_DAYS,
  VACATION_MAX_DAYS,
  type VacationView,
  vacationDays,
} from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { deadlineText } from '../online/lobby-text.ts';
import { ApiFailure, problemText } from '../online/players.ts';
import { ot } from '../online/text.ts';
import { cancelBooking, endVacation, readVacation, takeVacation } from '../online/vacation.ts';
import './vacation-form.css';

/** The refusals of a vacation a player can meet here, each said in their words. */
const REFUSALS = [
  'bad-days',
  'bad-from',
  'on-vacation',
  'too-few-days',
  'booked-already',
  'overlaps-vacation',
] as const;

/** What went wrong with a vacation, in the player's words (the server's own for the rest). */
function refusalText(e: unknown): string {
  const code = e instanceof ApiFailure ? e.refusal?.code : undefined;
  const known = REFUSALS.find((r) => r === code);
  return known ? ot(`vacation.refused.${known}`) : problemText(e);
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The day of `at` as a date input holds it, in this browser's time zone: `2026-12-05`. */
const dayOf = (at: number): string => {
  const d = new Date(at);
  return `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`;
};

/** When the day a date input holds begins, in this browser's time zone (ms since 1970). */
const dayStart = (day: string): number => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
};

export function VacationForm() {
  const view = useSignal<VacationView | undefined>(undefined);
  const days = useSignal(3);
  /** The day picked to start on; '' until one is: the first day it can. */
  const start = useSignal('');
  const busy = useSignal(false);
  const problem = useSignal('');
  useEffect(() => {
    readVacation()
      .then((v) => (view.value = v))
      .catch((e: unknown) => (problem.value = problemText(e)));
  }, [view, problem]);
  const act = (change: () => Promise<VacationView>): void => {
    busy.value = true;
    problem.value = '';
    change()
      .then((v) => (view.value = v))
      .catch((e: unknown) => (problem.value = refusalText(e)))
      .finally(() => (busy.value = false));
  };
  const v = view.value;
  const most = v ? Math.min(VACATION_MAX_DAYS, vacationDays(v.left)) : 0;
  const today = dayOf(Date.now());
  // While a vacation is under way, the next can start the day after it ends at the earliest.
  const first = v?.until ? dayOf(v.until + DAY_MS) : today;
  const day = start.value || first;
  return (
    <form
      class="me-form vacation-form"
      data-testid="vacation"
      onSubmit={(e) => {
        e.preventDefault();
        act(() => takeVacation(days.value, day === today ? undefined : dayStart(day)));
      }}
    >
      <h3>{ot('vacation.title')}</h3>
      <p class="lobby-note">{ot('vacation.explain')}</p>
      {v && (
        <p data-testid="vacation-left">{ot('vacation.left', { count: vacationDays(v.left) })}</p>
      )}
      {v?.until && (
        <div class="me-row">
          <p class="vacation-until" data-testid="vacation-until">
            {ot('vacation.until', { date: deadlineText(v.until) })}
          </p>
          <button type="button" disabled={busy.value} onClick={() => act(endVacation)}>
            {ot('vacation.end')}
          </button>
        </div>
      )}
      {v?.booked && (
        <div class="me-row">
          <p class="vacation-until" data-testid="vacation-booked">
            {ot('vacation.booked', {
              from: deadlineText(v.booked.from),
              until: deadlineText(v.booked.until),
            })}
          </p>
          <button type="button" disabled={busy.value} onClick={() => act(cancelBooking)}>
            {ot('vacation.cancel')}
          </button>
        </div>
      )}
      {v && !v.booked && most > 0 && (
        <div class="me-row vacation-fields">
          <div class="vacation-field">
            <label class="field-label" for="vacation-days">
              {ot('vacation.days')}
            </label>
            <input
              id="vacation-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={most}
              value={Math.min(days.value, most)}
              onInput={(e) =>
                (days.value = Math.max(1, Math.round(e.currentTarget.valueAsNumber || 1)))
              }
            />
          </div>
          <div class="vacation-field">
            <label class="field-label" for="vacation-from">
              {ot('vacation.from')}
            </label>
            <input
              id="vacation-from"
              type="date"
              min={first}
              max={dayOf(Date.now() + VACATION_AHEAD_DAYS * DAY_MS)}
              value={day}
              onInput={(e) => (start.value = e.currentTarget.value)}
            />
          </div>
          <button type="submit" disabled={busy.value}>
            {ot(day === today ? 'vacation.take' : 'vacation.book')}
          </button>
        </div>
      )}
      <p class="form-problem" role="alert">
        {problem.value}
      </p>
    </form>
  );
}
