// A modal dialog: an overlay that traps attention, closes on Escape and on its close button.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** Props of a modal dialog. */
export interface ModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ComponentChildren;
  readonly testId?: string;
}

/** A dialog over the page; focus moves into it when it opens. */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('button, input, select, textarea')?.focus();
    const key = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('keydown', key);
      previous?.focus();
    };
  }, [onClose]);
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
        <header>
          <h2 id="dialog-title">{title}</h2>
          <button type="button" class="close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
