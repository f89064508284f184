// A link to send to friends, with its button that copies it: a game's to its opponent, a
// tournament's to its players.

import { useSignal } from '@preact/signals';
import { words } from './strings.ts';

/** The link `link`, under `title`, ready to copy. */
export function ShareLink({ link, title }: { readonly link: string; readonly title: string }) {
  const copied = useSignal(false);
  return (
    <section class="online-share" data-testid="share">
      <h2>{title}</h2>
      <div class="share-row">
        <input
          readOnly
          value={link}
          aria-label={title}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-link"
        />
        <button
          type="button"
          class="primary"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => {
              copied.value = true;
            });
          }}
        >
          {copied.value ? words.copied : words.copy}
        </button>
      </div>
    </section>
  );
}
