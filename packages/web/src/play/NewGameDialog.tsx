// The one screen for starting a game: opponent, level, side, variant, touch-move.

import { useSignal } from '@preact/signals';
import { t } from '../i18n/ui.ts';
import { useConfirming } from '../lib/confirming.ts';
import { Modal } from '../lib/Modal.tsx';
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
        <fieldset>
          <legend>{t('new.opponent')}</legend>
          <label>
            <input
              type="radio"
              name="mode"
              checked={s.mode === 'computer'}
              onChange={() => change({ mode: 'computer' })}
            />
            {t('new.computer')}
          </label>
          <label>
            <input
              type="radio"
              name="mode"
              checked={s.mode === 'people'}
              onChange={() => change({ mode: 'people' })}
            />
            {t('new.people')}
          </label>
        </fieldset>
        {s.mode === 'computer' ? (
          <>
            <label class="level">
              {t('new.level')} <output>{s.level}</output>
              <input
                type="range"
                name="level"
                min={1}
                max={10}
                value={s.level}
                onInput={(e) => change({ level: Number(e.currentTarget.value) })}
              />
              <span class="hint-text">{t('new.levelHint')}</span>
            </label>
            <fieldset>
              <legend>{t('new.side')}</legend>
              {(['white', 'black', 'random'] as const).map((side) => (
                <label key={side}>
                  <input
                    type="radio"
                    name="side"
                    checked={s.side === side}
                    onChange={() => change({ side })}
                  />
                  {t(`new.side.${side}`)}
                </label>
              ))}
            </fieldset>
          </>
        ) : (
          <label>
            <input
              type="checkbox"
              name="touchMove"
              checked={s.touchMove}
              onChange={(e) => change({ touchMove: e.currentTarget.checked })}
            />
            {t('new.touchMove')}
          </label>
        )}
        <fieldset>
          <legend>{t('new.variant')}</legend>
          <label>
            <input
              type="radio"
              name="variant"
              checked={s.variant === 'standard'}
              onChange={() => change({ variant: 'standard' })}
            />
            {t('new.standard')}
          </label>
          <label>
            <input
              type="radio"
              name="variant"
              checked={s.variant === 'placement'}
              onChange={() => change({ variant: 'placement' })}
            />
            {t('new.placement')}
          </label>
        </fieldset>
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
