// The one screen for starting a game: opponent, level, side, variant, touch-move, and who
// places a captured queen.

import { useSignal } from '@preact/signals';
import { t } from '../i18n/ui.ts';
import { useConfirming } from '../lib/confirming.ts';
import { Modal } from '../lib/Modal.tsx';
import { QueenChoice } from '../lib/QueenChoice.tsx';
import { Segmented } from '../ui/Segmented.tsx';
import type { Match } from './match.ts';
import { PlayFriendButton } from './PlayFriendButton.tsx';
import type { GameSetup } from './setup.ts';

/** The new-game dialog. */
export function NewGameDialog({ match }: { readonly match: Match }) {
  const draft = useSignal<GameSetup>(match.setup.value);
  const abandoning = useConfirming();
  const s = draft.value;
  const change = (c: Partial<GameSetup>): void => {
    draft.value = { ...draft.value, ...c };
  };
  const close = (): void => {
    match.dialog.value = undefined;
  };
  return (
    <Modal title={t('new.title')} onClose={close} testId="new-game">
      <form
        class="new-game"
        onSubmit={(e) => {
          e.preventDefault();
          if (match.inProgress.value && !abandoning.value) abandoning.value = true;
          else match.newGame(draft.value);
        }}
      >
        <Segmented
          legend={t('new.opponent')}
          name="mode"
          value={s.mode}
          choices={[
            { value: 'computer', label: t('new.computer') },
            { value: 'people', label: t('new.people') },
          ]}
          choose={(mode) => change({ mode })}
        />
        {s.mode === 'computer' ? (
          <>
            <div class="field level">
              <label class="field-label" for="new-level">
                {t('new.level')} <output for="new-level">{s.level}</output>
              </label>
              <input
                id="new-level"
                type="range"
                name="level"
                min={1}
                max={10}
                value={s.level}
                onInput={(e) => change({ level: Number(e.currentTarget.value) })}
                aria-describedby="new-level-hint"
              />
              <p class="hint-text" id="new-level-hint">
                {t('new.levelHint')}
              </p>
            </div>
            <Segmented
              legend={t('new.side')}
              name="side"
              value={s.side}
              choices={(['white', 'black', 'random'] as const).map((side) => ({
                value: side,
                label: t(`new.side.${side}`),
              }))}
              choose={(side) => change({ side })}
            />
          </>
        ) : (
          <label class="check">
            <input
              type="checkbox"
              name="touchMove"
              checked={s.touchMove}
              onChange={(e) => change({ touchMove: e.currentTarget.checked })}
            />
            {t('new.touchMove')}
          </label>
        )}
        <Segmented
          legend={t('new.variant')}
          name="variant"
          value={s.variant}
          choices={[
            { value: 'standard', label: t('new.standard') },
            { value: 'placement', label: t('new.placement') },
          ]}
          choose={(variant) => change({ variant })}
        />
        <QueenChoice
          captor={s.captorPlacesQueen}
          choose={(captorPlacesQueen) => change({ captorPlacesQueen })}
        />
        {abandoning.value && (
          <p class="warning" role="alert">
            {t('new.abandonNote')}
          </p>
        )}
        <div class="actions">
          <PlayFriendButton />
          <button type="button" onClick={close}>
            {t('new.cancel')}
          </button>
          {/* Over a game under way, the first press only asks (see onSubmit). */}
          <button type="submit" class={abandoning.value ? 'danger' : 'primary'}>
            {abandoning.value ? t('new.abandon') : t('new.play')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
