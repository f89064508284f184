// The choices a new online game shares however it is made (by link or as a lobby challenge):
// the side its maker takes and the start it uses (who places a captured queen is
// lib/QueenChoice.tsx, shared with the new-game dialog).

import type { Colour } from '@agon/engine';
import type { Variant } from '@agon/protocol';
import type { Signal } from '@preact/signals';
import { Segmented } from '../ui/Segmented.tsx';
import { words } from './strings.ts';
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
