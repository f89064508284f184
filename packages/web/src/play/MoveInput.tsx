// A move typed in notation, for players who would rather type than point: `b1-c2`, `e5@a3`,
// `@c4`, folded away under "Type a move" since most play on the board, in a game and in a
// puzzle. A refused move is explained where the field is, and the board is unchanged.

import { useSignal } from '@preact/signals';
import type { Phrase } from '../i18n/ui.ts';
import { t } from '../i18n/ui.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * The typed-move field of the side panel, in its disclosure; `play` plays the text (a game's
 * turn, a puzzle's move) or says why it cannot.
 */
export function MoveInput({ play }: { readonly play: (text: string) => Phrase | undefined }) {
  const text = useSignal('');
  const problem = useSignal<Phrase | undefined>(undefined);
  return (
    <details class="type-move">
      <summary>
        <Icon name="type" />
        {t('typed.label')}
      </summary>
      <form
        class="move-input"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.value.trim() === '') return;
          problem.value = play(text.value);
          if (!problem.value) text.value = '';
        }}
      >
        <label for="typed-move" class="sr-only">
          {t('typed.label')}
        </label>
        <div class="row">
          <input
            id="typed-move"
            name="move"
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            aria-describedby="typed-move-help"
            aria-invalid={problem.value ? true : undefined}
            value={text.value}
            onInput={(e) => {
              text.value = e.currentTarget.value;
              problem.value = undefined;
            }}
            data-testid="typed-move"
          />
          <button type="submit">{t('typed.submit')}</button>
        </div>
        <p id="typed-move-help" class="help">
          {t('typed.help')}
        </p>
        {problem.value && (
          <p class="error" role="alert" data-testid="typed-error">
            {problem.value()}
          </p>
        )}
      </form>
    </details>
  );
}
