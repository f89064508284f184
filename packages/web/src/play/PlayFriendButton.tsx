// The way into online play from the new-game dialog. Its words come straight from the catalog,
// not through online play's strings.ts: the button belongs to the game page, which uses
// nothing of online play's own but its address.

import { t } from '../i18n/ui.ts';

/** A link to the page that creates an online game. */
export function PlayFriendButton() {
  return (
    <a class="button play-friend" href="/online" title={t('online.entryNote')}>
      {t('online.title')}
    </a>
  );
}
