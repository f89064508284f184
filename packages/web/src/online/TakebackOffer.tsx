// The opponent's asking to take back their last move, answered where it is read, as on
// lichess: the sentence with Accept and Decline beside it, so the action bar keeps its size
// (on a phone it holds six buttons already).

import { opposite } from '@agon/engine';
import { Icon } from '../ui/Icon.tsx';
import type { OnlineGame } from './online-game.ts';
import { words } from './strings.ts';
import './takeback-offer.css';

/** The takeback asked of this page's player, with the answers; nothing when none is. */
export function TakebackOffer({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  if (!v || v.outcome || you === null || v.takebackOffer !== opposite(you)) return null;
  return (
    <div class="online-offer takeback-offer" role="alert">
      <p data-testid="takeback-offer">{words.theyAskTakeback}</p>
      <div class="takeback-answers">
        <button type="button" class="primary" onClick={() => online.takeback('accept')}>
          <Icon name="takeback" />
          {words.acceptTakeback}
        </button>
        <button type="button" onClick={() => online.takeback('decline')}>
          <Icon name="close" />
          {words.decline}
        </button>
      </div>
    </div>
  );
}
