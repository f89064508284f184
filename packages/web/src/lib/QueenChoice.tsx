// Who places a captured queen, asked the same way wherever a game is set up: the new-game
// dialog, a link game's page and a lobby challenge.

import { t } from '../i18n/ui.ts';
import { Segmented } from '../ui/Segmented.tsx';

/** The choice between her owner (R10, the standard) and the captor (R16). */
export function QueenChoice(props: {
  readonly captor: boolean;
  readonly choose: (captor: boolean) => void;
}) {
  return (
    <Segmented
      legend={t('new.queenPlacement')}
      name="queenPlacement"
      value={props.captor ? 'captor' : 'owner'}
      choices={[
        { value: 'owner', label: t('new.queenOwner') },
        { value: 'captor', label: t('new.queenCaptor') },
      ]}
      choose={(who) => props.choose(who === 'captor')}
    />
  );
}
