// The choices a new online game shares however it is made (by link, as a lobby challenge or
// as a tournament): the side its maker takes, the start it uses, a live clock or days per move,
// whether it is rated and whether touch-move binds (who places a captured queen is
// lib/QueenChoice.tsx, shared with the new-game dialog).

import type { Colour } from '@agon/engine';
import { CORRESPONDENCE_DAYS, type Days, type Variant } from '@agon/protocol';
import type { Signal } from '@preact/signals';
import { Segmented } from '../ui/Segmented.tsx';
import { words } from './strings.ts';
import { ot } from './text.ts';
import './game-terms.css';

/** The maker's side: white, black or a coin's choice. */
export function SideChoice({ side }: { readonly side: Signal<Colour | 'random'> }) {
  return (
    <Segmented
      legend={words.yourSide}
      name="side"
      value={side.value}
      choices={(['white', 'black', 'random'] as const).map((s) => ({
        value: s,
        label: words.sideName(s),
      }))}
      choose={(s) => (side.value = s)}
    />
  );
}

/** The start: the standard position (R4) or the placement start (R14). */
export function VariantChoice({ variant }: { readonly variant: Signal<Variant> }) {
  return (
    <Segmented
      legend={words.variant}
      name="variant"
      value={variant.value}
      choices={[
        { value: 'standard', label: words.standard },
        { value: 'placement', label: words.placement },
      ]}
      choose={(v) => (variant.value = v)}
    />
  );
}

/** The pace: a live clock, or days per move (correspondence). */
export function PaceChoice({ correspondence }: { readonly correspondence: Signal<boolean> }) {
  return (
    <Segmented
      legend={ot('challenge.pace')}
      name="pace"
      value={correspondence.value ? 'correspondence' : 'real-time'}
      choices={[
        { value: 'real-time', label: ot('challenge.realTime') },
        { value: 'correspondence', label: ot('challenge.correspondence') },
      ]}
      choose={(p) => (correspondence.value = p === 'correspondence')}
    />
  );
}

/** The days a correspondence player has for each move. */
export function DaysChoice({ days }: { readonly days: Signal<Days> }) {
  return (
    <Segmented
      legend={ot('challenge.days')}
      name="days"
      value={days.value}
      choices={CORRESPONDENCE_DAYS.map((d) => ({ value: d, label: String(d) }))}
      choose={(d) => (days.value = d)}
    />
  );
}

/** Rated or casual. */
export function RatedChoice({ rated }: { readonly rated: Signal<boolean> }) {
  return (
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
  );
}

/** The touch-move switch: on, a piece touched must be moved. */
export function TouchMoveSwitch({ touchMove }: { readonly touchMove: Signal<boolean> }) {
  return (
    <button
      type="button"
      class="switch quiet"
      aria-pressed={touchMove.value}
      onClick={() => (touchMove.value = !touchMove.value)}
    >
      {ot('challenge.touchMove')}
    </button>
  );
}
