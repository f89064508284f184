// The time now for a page that counts: a wait in a pool, a countdown to a tournament.

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';

/** The time now (Date.now()), ticking every second while `running`. */
export function useClock(running: boolean): number {
  const now = useSignal(Date.now());
  useEffect(() => {
    if (!running) return;
    now.value = Date.now();
    const tick = setInterval(() => (now.value = Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running, now]);
  return now.value;
}
