// "Tell me when someone wants to play": the pools a player wants to hear of when someone seeks a
// game there and nobody waits, and the hours of their day when they want to hear of it, kept on
// the server (lib/lobby-settings.ts). A ping is a notification, so where this device cannot be
// sent one (no permission, no subscription, a browser without push) the list is kept but nothing
// arrives: the panel says so, why, and how to put it right, with the button that can.

import { POOLS, type PoolId, ratingClass } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { readSettings, saveSettings } from '../lib/lobby-settings.ts';
import {
  type PushProblem,
  pushProblem,
  pushSupported,
  readSubscription,
  subscribe,
} from '../notices/push.ts';
import { ot } from '../online/text.ts';
import { hoursBetween, localHour, spanOf, utcHour } from './hours.ts';
import './waiting-list.css';

/** The evening, for a list that has no hours yet. */
const EVENING = { from: 18, to: 22 };

/** An hour of the day as the reader's language writes a time. */
function hourText(hour: number): string {
  const at = new Date(2000, 0, 1, hour);
  return new Intl.DateTimeFormat(language.value, { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** One end of the span of hours. */
function HourChoice(props: {
  readonly label: string;
  readonly value: number;
  readonly choose: (hour: number) => void;
}) {
  return (
    <label class="waiting-hour">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.choose(Number(e.currentTarget.value))}>
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>
            {hourText(h)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The waiting list of the player whose token is `token`. */
export function WaitingList({ token }: { readonly token: string }) {
  const pools = useSignal<readonly PoolId[]>([]);
  const span = useSignal(EVENING);
  const state = useSignal<'reading' | 'ready' | 'saving' | 'saved' | 'failed'>('reading');
  /** What the last try to turn notifications on came to, if it failed. */
  const tried = useSignal<PushProblem | undefined>(undefined);
  useEffect(() => {
    if (pushSupported()) readSubscription().catch(() => undefined);
  }, []);
  useEffect(() => {
    readSettings(token).then(
      (s) => {
        pools.value = s.waitingList.pools;
        span.value = spanOf(s.waitingList.hours.map((h) => localHour(h))) ?? EVENING;
        state.value = 'ready';
      },
      () => (state.value = 'failed'),
    );
  }, [token]);
  const toggle = (pool: PoolId): void => {
    const has = pools.value.includes(pool);
    pools.value = POOLS.map((p) => p.id).filter((id) =>
      id === pool ? !has : pools.value.includes(id),
    );
    state.value = 'ready';
  };
  const save = (): void => {
    state.value = 'saving';
    const hours = hoursBetween(span.value.from, span.value.to).map((h) => utcHour(h));
    saveSettings(token, { waitingList: { pools: pools.value, hours } }).then(
      () => (state.value = 'saved'),
      () => (state.value = 'failed'),
    );
  };
  const problem = tried.value ?? pushProblem();
  const turnOn = (): void => {
    subscribe().then((p) => (tried.value = p));
  };
  return (
    <section
      class="lobby-list waiting-list"
      aria-labelledby="waiting-list"
      data-testid="waiting-list"
    >
      <h2 id="waiting-list">{ot('waiting.title')}</h2>
      <p class="lobby-note">{ot('waiting.note')}</p>
      <fieldset class="waiting-pools">
        <legend>{ot('waiting.pools')}</legend>
        {POOLS.map((pool) => (
          <button
            key={pool.id}
            type="button"
            class="switch quiet small"
            aria-pressed={pools.value.includes(pool.id)}
            disabled={state.value === 'reading'}
            onClick={() => toggle(pool.id)}
          >
            {pool.id} <span class="pool-class">{ot(`class.${ratingClass(pool)}`)}</span>
          </button>
        ))}
      </fieldset>
      <fieldset class="waiting-hours">
        <legend>{ot('waiting.hours')}</legend>
        <HourChoice
          label={ot('waiting.from')}
          value={span.value.from}
          choose={(from) => {
            span.value = { ...span.value, from };
            state.value = 'ready';
          }}
        />
        <HourChoice
          label={ot('waiting.to')}
          value={span.value.to}
          choose={(to) => {
            span.value = { ...span.value, to };
            state.value = 'ready';
          }}
        />
      </fieldset>
      {problem && (
        <div class="waiting-actions waiting-delivery" data-testid="waiting-delivery">
          <p class="lobby-note">{t(`push.problem.${problem}`)}</p>
          {problem !== 'unsupported' && (
            <button type="button" class="small" onClick={turnOn}>
              {ot('waiting.turnOn')}
            </button>
          )}
        </div>
      )}
      <div class="waiting-actions">
        <button
          type="button"
          class="primary small"
          disabled={state.value === 'reading' || state.value === 'saving'}
          onClick={save}
        >
          {ot('waiting.save')}
        </button>
        <p role="status" class="lobby-note" data-testid="waiting-state">
          {state.value === 'saved'
            ? ot(
                pools.value.length === 0
                  ? 'waiting.off'
                  : problem
                    ? 'waiting.savedSilent'
                    : 'waiting.saved',
              )
            : state.value === 'failed'
              ? ot('waiting.failed')
              : ''}
        </p>
      </div>
    </section>
  );
}
