// A modal dialog: an overlay that keeps the keyboard inside, closes on Escape and on its close
// button.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/ui.ts';

/** Props of a modal dialog. */
export interface ModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ComponentChildren;
  readonly testId?: string;
}

/**
 * A dialog over the page; focus moves into it when it opens, Tab and Shift+Tab go round
 * inside it, and focus goes back where it was when it closes.
 */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  // The latest onClose, so re-renders (a changed field) do not re-run the opening effect.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const focusable = (): HTMLElement[] => [
      ...(box.current?.querySelectorAll<HTMLElement>(
        'button:not(:disabled), input:not(:disabled), select, textarea',
      ) ?? []),
    ];
    focusable()[0]?.focus();
    const key = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') close.current();
      if (e.key !== 'Tab') return;
      const all = focusable();
      const first = all[0];
      const last = all.at(-1);
      const inside = box.current?.contains(document.activeElement) === true;
      if (e.shiftKey && (!inside || document.activeElement === first)) {
        last?.focus();
        e.preventDefault();
      } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
        first?.focus();
        e.preventDefault();
      }
    };
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('keydown', key);
      previous?.focus();
    };
  }, []);
  return (
    <div class="overlay">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        ref={box}
        data-testid={testId}
      >
        <div class="dialog-head">
          <h2 id="dialog-title">{title}</h2>
          <button type="button" class="close" aria-label={t('dialog.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
