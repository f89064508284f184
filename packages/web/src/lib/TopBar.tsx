// The top bar every page shares, online play's included: the name (home), the pages, and the
// settings menu. On a phone the pages fold into a menu of their own, so the bar stays one row
// and the board starts right below it.

import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { Icon } from '../ui/Icon.tsx';
import { Menu } from '../ui/Menu.tsx';
import { type AwayPage, PageLinks } from './PageLinks.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';
import { watchYourTurns, yourTurns } from './your-turn.ts';
import './topbar.css';

/**
 * The top bar; `away` is set on pages outside the hash-routed app (online play), and `current`
 * names the one of those shown when it has a link here.
 */
export function TopBar({
  away = false,
  current,
}: {
  readonly away?: boolean;
  readonly current?: AwayPage | undefined;
}) {
  const home = away ? '/' : '#';
  useEffect(watchYourTurns, []);
  // On a phone the lobby's link is folded away: the menu's button carries its mark.
  const waiting = yourTurns.value > 0;
  return (
    <header class="topbar">
      <Menu
        button={
          <>
            <Icon name="pages" />
            {waiting && <span class="turn-dot" aria-hidden="true" />}
          </>
        }
        label={
          waiting
            ? `${t('nav.pages')}: ${t('nav.yourTurns', { count: yourTurns.value })}`
            : t('nav.pages')
        }
        class="pages-menu"
      >
        {(close) => <PageLinks away={away} current={current} picked={close} />}
      </Menu>
      <h1 class="brand">
        <a href={home}>
          <svg class="logo" viewBox="-10 -10 20 20" aria-hidden="true" focusable="false">
            <polygon points="0,-9.5 8.2,-4.75 8.2,4.75 0,9.5 -8.2,4.75 -8.2,-4.75" />
            <path d="M-4.6 3.2 L-5.2 -2.6 L-2.4 0 L0 -4.4 L2.4 0 L5.2 -2.6 L4.6 3.2 Z" />
          </svg>
          Agon
        </a>
      </h1>
      <PageLinks away={away} current={current} />
      <div class="tools">
        <SettingsMenu />
      </div>
    </header>
  );
}
