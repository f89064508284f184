// The form of a challenge, the same whether it is open to anyone in the lobby or addressed to
// one player (from their page or the end of a game): the pace (a clock or days per move), the
// start, the house rules, the side and whether it is rated.

import { type ChallengeTerms, type Days, type Pace, ratingClass } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { Modal } from '../lib/Modal.tsx';
import { QueenChoice } from '../lib/QueenChoice.tsx';
import {
  DaysChoice,
  PaceChoice,
  RatedChoice,
  SideChoice,
  TouchMoveSwitch,
  VariantChoice,
} from '../online/GameTerms.tsx';
import { paceText } from '../online/lobby-text.ts';
import { ot } from '../online/text.ts';
import { Segmented } from '../ui/Segmented.tsx';
import './challenge-dialog.css';

const MINUTES = [1, 2, 3, 5, 10, 15, 30] as const;
const INCREMENTS = [0, 1, 2, 3, 5, 10, 20] as const;

/**
 * The dialog that makes a challenge, open to anyone or addressed `to` a player: `submit` is
 * handed its terms, `done` closes it; `replaces` says a new open challenge replaces the player's.
 */
export function ChallengeDialog({
  to,
  replaces = false,
  submit,
  done,
}: {
  readonly to?: string | undefined;
  readonly replaces?: boolean;
  readonly submit: (terms: ChallengeTerms) => void;
  readonly done: () => void;
}) {
  const correspondence = useSignal(false);
  const minutes = useSignal<number>(5);
  const increment = useSignal<number>(3);
  const days = useSignal<Days>(3);
  const variant = useSignal<ChallengeTerms['variant']>('standard');
  const touchMove = useSignal(false);
  const captor = useSignal(false);
  const side = useSignal<ChallengeTerms['side']>('random');
  const rated = useSignal(true);
  // Open to anyone: a house bot may take it after a minute, unless the maker says no.
  const bots = useSignal(true);
  const weekendsOff = useSignal(false);
  const clock: Pace = correspondence.value
    ? { days: days.value }
    : { initial: minutes.value * 60_000, increment: increment.value * 1000 };
  return (
    <Modal
      title={to === undefined ? ot('challenge.title') : ot('challenge.titleTo', { name: to })}
      onClose={done}
      testId="challenge-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit({
            clock,
            variant: variant.value,
            touchMove: touchMove.value,
            captorPlacesQueen: captor.value,
            side: side.value,
            rated: rated.value,
            ...(to === undefined && bots.value && { bots: true }),
            ...(correspondence.value && weekendsOff.value && { weekendsOff: true }),
          });
          done();
        }}
      >
        <PaceChoice correspondence={correspondence} />
        {correspondence.value ? (
          <>
            <DaysChoice days={days} />
            <p class="lobby-note">{ot('challenge.daysNote')}</p>
            <button
              type="button"
              class="switch quiet"
              aria-pressed={weekendsOff.value}
              data-testid="challenge-weekends"
              onClick={() => (weekendsOff.value = !weekendsOff.value)}
            >
              {ot('challenge.weekendsOff')}
            </button>
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
        <RatedChoice rated={rated} />
        <TouchMoveSwitch touchMove={touchMove} />
        {to === undefined && (
          <button
            type="button"
            class="switch quiet"
            aria-pressed={bots.value}
            data-testid="challenge-bots"
            onClick={() => (bots.value = !bots.value)}
          >
            {ot('challenge.bots')}
          </button>
        )}
        {replaces && <p class="lobby-note">{ot('challenge.replaces')}</p>}
        <div class="actions">
          <button type="button" class="quiet" onClick={done}>
            {ot('lobby.cancel')}
          </button>
          <button type="submit" class="primary">
            {ot(to === undefined ? 'challenge.submit' : 'challenge.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
