// Quick messages beside the game, lichess's fixed phrases instead of free chat: the latest said
// in the game, each in this reader's language (only its id crossed the wire), and the phrases
// a player can send, folded behind a small button by the status so that a game nobody talks
// in looks as it did. Players and watchers read them alike: fixed phrases insult nobody. The
// settings menu turns them off, and then nothing is shown or sent.

import type { Colour } from '@agon/engine';
import { QUICK_MESSAGES, type Said } from '@agon/protocol';
import { preferences } from '../lib/settings.ts';
import { words } from '../online/strings.ts';
import { Icon } from '../ui/Icon.tsx';
import type { OnlineGame } from './online-game.ts';
import './quick-messages.css';

/** The messages shown, the latest: a glance, not a history to scroll. */
const SHOWN = 3;

function who(said: Said, you: Colour | null): string {
  if (you === null) return words.sideWord(said.seat);
  return said.seat === you ? words.quickYou : words.quickOpponent;
}

/** Whether this page's player may say a quick message: seated opposite someone, switched on. */
function canSayIn(online: OnlineGame): boolean {
  const v = online.view.value;
  return (
    v !== undefined &&
    online.you.value !== null &&
    v.seats.white &&
    v.seats.black &&
    preferences.value.quickMessages
  );
}

/** The small button that unfolds the phrases; nothing for a watcher or with them switched off. */
export function QuickMessagesToggle({ online }: { readonly online: OnlineGame }) {
  if (!canSayIn(online)) return null;
  const open = online.phrasesOpen.value;
  return (
    <button
      type="button"
      class="quiet icon-only small"
      aria-label={words.quickTitle}
      title={words.quickTitle}
      aria-expanded={open}
      onClick={() => (online.phrasesOpen.value = !open)}
    >
      <Icon name="chat" />
    </button>
  );
}

/** The quick messages of game `online`: nothing at all while they are switched off. */
export function QuickMessages({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const you = online.you.value;
  if (!v || !preferences.value.quickMessages) return null;
  const latest = v.said.slice(-SHOWN);
  const canSay = canSayIn(online) && online.phrasesOpen.value;
  if (!canSay && latest.length === 0) return null;
  return (
    <section class="quick-messages" aria-label={words.quickTitle} data-testid="quick-messages">
      {latest.length > 0 && (
        <ol class="quick-said" aria-live="polite" data-testid="quick-said">
          {latest.map((said) => (
            <li
              key={said.version}
              class={said.seat === you ? 'mine' : 'theirs'}
              data-testid="quick-said-line"
            >
              <span class="quick-who">{who(said, you)}</span>
              <span class="quick-text">{words.quick(said.message)}</span>
            </li>
          ))}
        </ol>
      )}
      {canSay && (
        <div class="quick-send">
          {QUICK_MESSAGES.map((message) => (
            <button
              type="button"
              key={message}
              class="quick-chip"
              data-message={message}
              onClick={() => online.say(message)}
            >
              {words.quick(message)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
