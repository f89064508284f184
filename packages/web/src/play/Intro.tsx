// What a newcomer sees above the board until they have finished a game or the tutorial: the
// goal of the game in one line, and the way into the tutorial.

import { t } from '../i18n/ui.ts';
import { routeHref } from '../lib/route.ts';
import { preferences } from '../lib/settings.ts';

/** The goal and "New to Agon?", shown until the player knows the game. */
export function Intro() {
  if (preferences.value.introDone) return null;
  return (
    <div class="intro" data-testid="intro">
      <p class="goal">{t('intro.goal')}</p>
      <a class="button learn-link" href={routeHref('tutorial')}>
        {t('intro.learn')}
      </a>
    </div>
  );
}
