// The page for an address that is none of the app's (the server answers it with the app and a
// 404): the top bar, one sentence, and the way to the game.

import { t } from '../i18n/ui.ts';
import { Icon } from '../ui/Icon.tsx';
import { TopBar } from './TopBar.tsx';

/** Whether `pathname` is the app's own page (the game and the hash-routed pages). */
export function isAppPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html';
}

/** The not-found page. */
export function NotFound() {
  return (
    <div class="app">
      <TopBar away />
      <main class="not-found" data-testid="not-found">
        <p>{t('notFound.text')}</p>
        <a class="button primary" href="/">
          <Icon name="forward" />
          {t('notFound.back')}
        </a>
      </main>
    </div>
  );
}
