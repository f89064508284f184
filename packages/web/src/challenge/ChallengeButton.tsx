// "Challenge": the challenge form addressed to one player, from their page or the end of a game
// with them. The challenge is sent from the lobby, where the challenger then waits for the
// answer and sees it, as they would for an open challenge.

import { useSignal } from '@preact/signals';
import { useContext } from 'preact/hooks';
import { Go } from '../online/Link.tsx';
import { ot } from '../online/text.ts';
import { ChallengeDialog } from './ChallengeDialog.tsx';
import { challengeFromLobby } from './outbox.ts';

/** The button that challenges the player `to`. */
export function ChallengeButton({
  to,
  class: style = 'primary',
}: {
  readonly to: { readonly id: string; readonly name: string };
  readonly class?: string;
}) {
  const go = useContext(Go);
  const open = useSignal(false);
  return (
    <>
      <button
        type="button"
        class={style}
        data-testid="challenge-player"
        aria-label={ot('challenge.titleTo', { name: to.name })}
        onClick={() => (open.value = true)}
      >
        {ot('direct.challenge')}
      </button>
      {open.value && (
        <ChallengeDialog
          to={to.name}
          submit={(terms) => {
            challengeFromLobby({ to: to.id, terms });
            go('/lobby');
          }}
          done={() => (open.value = false)}
        />
      )}
    </>
  );
}
