// A menu in the disclosure pattern: a button that shows a panel of ordinary controls under it
// (buttons, switches, radio groups), so each keeps its own keyboard behaviour. Escape, a click
// outside or `close()` from a choice shuts it, and focus returns to the button.

import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

/** Props of a menu: the button's content and name, and the panel's content. */
interface MenuProps {
  /** What the button shows (an icon, words, or both). */
  readonly button: ComponentChildren;
  /** The button's accessible name when it shows only an icon. */
  readonly label?: string;
  readonly class?: string;
  readonly testId?: string;
  /** The panel's content; `close` shuts the menu after a choice. */
  readonly children: (close: () => void) => ComponentChildren;
}

/** A button that opens a panel of controls. */
export function Menu({ button, label, class: cls, testId, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const key = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', key);
    };
  }, [open]);
  const close = (): void => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div class={`menu${cls ? ` ${cls}` : ''}`} ref={root}>
      <button
        type="button"
        ref={toggle}
        class="quiet"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panel}
        data-testid={testId}
        onClick={() => setOpen(!open)}
      >
        {button}
      </button>
      {open && (
        <div class="menu-panel" id={panel}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
