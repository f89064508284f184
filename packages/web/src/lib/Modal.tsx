// A modal dialog on the native <dialog>: shown with showModal, so the page behind is inert and
// the keyboard stays inside; Escape and the close button close it, and focus goes back where
// it was.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { Icon } from '../ui/Icon.tsx';

/** Props of a modal dialog. */
interface ModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ComponentChildren;
  readonly testId?: string;
  /** Stands aside (at the bottom) so the board stays in sight: the result of a game. */
  readonly aside?: boolean;
}

/** A dialog over the page; focus moves into it when it opens and back when it closes. */
export function Modal({ title, onClose, children, testId, aside = false }: ModalProps) {
  const box = useRef<HTMLDialogElement>(null);
  // The latest onClose, so re-renders (a changed field) do not re-run the opening effect.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    dialog.showModal();
    // The first field or button, not the close button, takes the keyboard.
    dialog.querySelector<HTMLElement>('.dialog-body :is(button, input, textarea)')?.focus();
    const cancel = (e: Event): void => {
      // Escape: the owner unmounts the dialog, which closes it.
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      previous?.focus();
    };
  }, []);
  return (
    <dialog
      class={`dialog${aside ? ' aside' : ''}`}
      aria-labelledby="dialog-title"
      ref={box}
      data-testid={testId}
    >
      <div class="dialog-head">
        <h2 id="dialog-title">{title}</h2>
        <button
          type="button"
          class="close quiet icon-only"
          aria-label={t('dialog.close')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <div class="dialog-body">{children}</div>
    </dialog>
  );
}
