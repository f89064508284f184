// Takebacks on the game page: the small button that asks to take back one's last move, by the
// status so that the action bar keeps its size (on a phone it holds six buttons already), and
// the opponent's asking, answered where it is read, as on lichess: the sentence with Accept and
// Decline beside it.

import { opposite } from '@agon/engine';
import { words } from '../online/strings.ts';
import { Icon } from '../ui/Icon.tsx';
import type { OnlineGame } from './online-game.ts';
import './takeback-offer.css';

/** The button asking for a takeback, while this page's player has a move to take back. */
export function TakebackButton({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  if (!v || you === null || !online.takebackAllowed.value) return null;
  if (v.takebackOffer === opposite(you)) return null;
  const asked = v.takebackOffer === you;
  const label = asked ? words.takebackAsked : words.takeback;
  return (
    <button
      type="button"
      class="quiet icon-only small"
      aria-label={label}
      title={label}
      disabled={asked}
      onClick={() => online.takeback('offer')}
    >
      <Icon name="takeback" />
    </button>
  );
}

/**
 * The takeback asked of this page's player, with the answers; for the asker, a quiet line that
 * the answer is awaited; nothing when none is asked.
 */
export function TakebackOffer({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  if (!v || v.outcome || you === null || v.takebackOffer === null) return null;
  if (v.takebackOffer === you) {
    return (
      <p class="online-note" role="status" data-testid="takeback-waiting">
        {words.takebackWaiting}
      </p>
    );
  }
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
