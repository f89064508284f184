// Toasts: a sentence that appears for a few seconds and goes, in a polite live region, for
// news that needs no answer (a record copied). Anything that needs an answer is a banner or a
// dialog instead.

import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';

interface Toast {
  readonly id: number;
  readonly text: string;
}

const TOAST_MS = 3500;
const toasts = signal<readonly Toast[]>([]);
let next = 0;

/** Shows `text` as a toast for a few seconds. */
export function showToast(text: string): void {
  const id = ++next;
  toasts.value = [...toasts.value, { id, text }];
  setTimeout(() => {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  }, TOAST_MS);
}

/**
 * Where toasts appear; rendered once by the shell. A manual popover, shown again with each
 * toast, so a toast stands in the top layer, over an open dialog too (the record copied).
 */
export function Toasts() {
  const box = useRef<HTMLDivElement>(null);
  const list = toasts.value;
  useEffect(() => {
    const el = box.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (list.length) el.showPopover();
  }, [list]);
  return (
    <div class="toasts" popover="manual" ref={box} role="status" aria-live="polite">
      {list.map((t) => (
        <div class="toast" key={t.id}>
          <p>{t.text}</p>
        </div>
      ))}
    </div>
  );
}
