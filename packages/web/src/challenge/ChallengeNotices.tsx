// A challenge addressed to this player, told on whatever page they are (the lobby lists them
// itself): who, the terms, Accept (which opens the game) and Decline, and a close button that
// puts the notice away for this tab while the challenge stays in the lobby and the top bar's
// count.

import type { ChallengeView } from '@agon/protocol';
import { signal } from '@preact/signals';
import { useContext, useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { incoming } from '../lib/your-turn.ts';
import { Go } from '../online/Link.tsx';
import { ratingText } from '../online/lobby-text.ts';
import { onlineText, ot } from '../online/text.ts';
import { Icon } from '../ui/Icon.tsx';
import { acceptChallenge, answerRefused, declineChallenge } from './challenge-watch.ts';
import { Terms } from './Terms.tsx';
import './challenge-notices.css';

const KEY = 'agon.challenges-seen';

/** The challenges whose notice was put away in this tab: they stay away on its other pages. */
const seen = signal<ReadonlySet<string>>(readSeen());

function readSeen(): ReadonlySet<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function putAway(id: string): void {
  // Only the challenges still open are worth keeping.
  const open = new Set(incoming.value.map((c) => c.id));
  seen.value = new Set([...seen.value, id].filter((s) => open.has(s)));
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...seen.value]));
  } catch {
    // Storage off: put away for this page only.
  }
}

function Notice({ c }: { readonly c: ChallengeView }) {
  const go = useContext(Go);
  const refused = answerRefused.value;
  return (
    <div class="banner challenge-notice" role="alert" data-testid="challenge-notice">
      <p>
        <strong>{ot('direct.from', { name: c.by.name })}</strong>{' '}
        <span class="challenge-notice-rating">{ratingText(c.by.rating)}</span>
        <br />
        <Terms terms={c} />
        {refused && (
          <>
            <br />
            <span class="challenge-notice-refused">{refused}</span>
          </>
        )}
      </p>
      <button
        type="button"
        class="quiet icon-only small challenge-notice-close"
        aria-label={t('dialog.close')}
        title={t('dialog.close')}
        onClick={() => putAway(c.id)}
      >
        <Icon name="close" />
      </button>
      <div class="banner-actions">
        <button type="button" class="small" onClick={() => declineChallenge(c.id)}>
          {ot('direct.decline')}
        </button>
        <button type="button" class="primary small" onClick={() => acceptChallenge(c.id, go)}>
          {ot('lobby.accept')}
        </button>
      </div>
    </div>
  );
}

/** The newest challenge to this player not put away, over the page; nothing if none. */
export function ChallengeNotices() {
  const lang = language.value;
  const ready = onlineText.has(lang);
  useEffect(() => {
    if (!ready) void onlineText.load(lang);
  }, [lang, ready]);
  const shown = incoming.value.find((c) => !seen.value.has(c.id));
  if (!ready || !shown) return null;
  return (
    <div class="banners challenge-notices">
      <Notice key={shown.id} c={shown} />
    </div>
  );
}
