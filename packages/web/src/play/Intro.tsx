// What a newcomer sees beside the board (below it on a phone, never pushing it down) until they
// have finished a game or the tutorial, or put it away: the goal of the game in one line, and
// the way into the tutorial.

import { t } from '../i18n/ui.ts';
import { routeHref } from '../lib/route.ts';
import { preferences, updatePreferences } from '../lib/settings.ts';
import { Icon } from '../ui/Icon.tsx';

/** The goal and "New to Agon?", shown until the player knows the game. */
export function Intro() {
  if (preferences.value.introDone) return null;
  return (
    <div class="intro" data-testid="intro">
      <p class="goal">{t('intro.goal')}</p>
      <a class="button primary small learn-link" href={routeHref('tutorial')}>
        {t('intro.learn')}
      </a>
      <button
        type="button"
        class="quiet icon-only small dismiss"
        aria-label={t('intro.dismiss')}
        title={t('intro.dismiss')}
        onClick={() => updatePreferences({ introDone: true })}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
