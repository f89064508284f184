// This browser's player's vacation on their own page (docs/lobby.md, "Vacation"): the days left,
// and either the vacation under way with its end and the button that ends it, or the days to
// take and the button that takes them.

import { VACATION_MAX_DAYS, type VacationView, vacationDays } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { deadlineText } from '../online/lobby-text.ts';
import { problemText } from '../online/players.ts';
import { ot } from '../online/text.ts';
import { endVacation, readVacation, takeVacation } from '../online/vacation.ts';

export function VacationForm() {
  const view = useSignal<VacationView | undefined>(undefined);
  const days = useSignal(3);
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
      .catch((e: unknown) => (problem.value = problemText(e)))
      .finally(() => (busy.value = false));
  };
  const v = view.value;
  const most = v ? Math.min(VACATION_MAX_DAYS, vacationDays(v.left)) : 0;
  return (
    <form
      class="me-form vacation-form"
      data-testid="vacation"
      onSubmit={(e) => {
        e.preventDefault();
        act(() => takeVacation(days.value));
      }}
    >
      <h3>{ot('vacation.title')}</h3>
      <p class="lobby-note">{ot('vacation.explain')}</p>
      {v && (
        <p data-testid="vacation-left">{ot('vacation.left', { count: vacationDays(v.left) })}</p>
      )}
      {v?.until ? (
        <div class="me-row">
          <p class="vacation-until" data-testid="vacation-until">
            {ot('vacation.until', { date: deadlineText(v.until) })}
          </p>
          <button type="button" disabled={busy.value} onClick={() => act(endVacation)}>
            {ot('vacation.end')}
          </button>
        </div>
      ) : (
        v &&
        most > 0 && (
          <>
            <label class="field-label" for="vacation-days">
              {ot('vacation.days')}
            </label>
            <div class="me-row">
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
              <button type="submit" disabled={busy.value}>
                {ot('vacation.take')}
              </button>
            </div>
          </>
        )
      )}
      <p class="form-problem" role="alert">
        {problem.value}
      </p>
    </form>
  );
}
