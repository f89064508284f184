// The one screen for starting a game: opponent, level, side, variant, touch-move.

import { useSignal } from '@preact/signals';
import { Modal } from './Modal.tsx';
import type { Match } from './match.ts';
import type { GameSetup } from './setup.ts';

/** The new-game dialog. */
export function NewGameDialog({ match }: { readonly match: Match }) {
  const draft = useSignal<GameSetup>(match.setup.value);
  const s = draft.value;
  const change = (c: Partial<GameSetup>): void => {
    draft.value = { ...draft.value, ...c };
  };
  const close = (): void => {
    match.dialog.value = undefined;
  };
  return (
    <Modal title="New game" onClose={close} testId="new-game">
      <form
        class="new-game"
        onSubmit={(e) => {
          e.preventDefault();
          match.newGame(draft.value);
        }}
      >
        <fieldset>
          <legend>Opponent</legend>
          <label>
            <input
              type="radio"
              name="mode"
              checked={s.mode === 'computer'}
              onChange={() => change({ mode: 'computer' })}
            />
            The computer
          </label>
          <label>
            <input
              type="radio"
              name="mode"
              checked={s.mode === 'people'}
              onChange={() => change({ mode: 'people' })}
            />
            Two people on this device
          </label>
        </fieldset>
        {s.mode === 'computer' ? (
          <>
            <label class="level">
              Level <output>{s.level}</output>
              <input
                type="range"
                name="level"
                min={1}
                max={10}
                value={s.level}
                onInput={(e) => change({ level: Number(e.currentTarget.value) })}
              />
              <span class="hint-text">1 gentle · 10 strongest</span>
            </label>
            <fieldset>
              <legend>Your side</legend>
              {(['white', 'black', 'random'] as const).map((side) => (
                <label key={side}>
                  <input
                    type="radio"
                    name="side"
                    checked={s.side === side}
                    onChange={() => change({ side })}
                  />
                  {side === 'white' ? 'White (moves first)' : side === 'black' ? 'Black' : 'Random'}
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
            Touch-move: a piece picked up must be moved (R15)
          </label>
        )}
        <fieldset>
          <legend>Variant</legend>
          <label>
            <input
              type="radio"
              name="variant"
              checked={s.variant === 'standard'}
              onChange={() => change({ variant: 'standard' })}
            />
            Standard
          </label>
          <label>
            <input
              type="radio"
              name="variant"
              checked={s.variant === 'placement'}
              onChange={() => change({ variant: 'placement' })}
            />
            Placement: guards start in hand (R14)
          </label>
        </fieldset>
        <div class="actions">
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" class="primary">
            Play
          </button>
        </div>
      </form>
    </Modal>
  );
}
