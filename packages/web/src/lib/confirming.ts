// A two-step button (such as Resign) arms on the first press; left alone it disarms, so a
// stray tap long after cannot complete it.

import { type Signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';

/** How long an armed two-step button waits for its second press. */
const ARMED_MS = 4000;

/** Whether a two-step button is armed: set it true on the first press; it resets itself. */
export function useConfirming(): Signal<boolean> {
  const confirming = useSignal(false);
  useEffect(() => {
    if (!confirming.value) return;
    const t = setTimeout(() => {
      confirming.value = false;
    }, ARMED_MS);
    return () => clearTimeout(t);
  }, [confirming.value]);
  return confirming;
}
