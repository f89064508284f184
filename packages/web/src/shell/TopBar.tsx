// The top bar every page shares, online play's included: the name (home), the pages, and the
// settings menu. On a phone the pages fold into a menu of their own, so the bar stays one row
// and the board starts right below it.

import type { Identity } from '@agon/protocol';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { type LazyModule, useLazy } from '../lib/lazy.ts';
import { type AwayPage, PageLinks, waitingWords } from '../lib/PageLinks.tsx';
import { incoming, watchYourTurns } from '../lib/your-turn.ts';
import { Icon } from '../ui/Icon.tsx';
import { Menu } from '../ui/Menu.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';
import './topbar.css';

const notices: LazyModule<typeof import('../challenge/ChallengeNotices.tsx')> = {
  load: () => import('../challenge/ChallengeNotices.tsx'),
};

/** The notices of challenges to this player, fetched with the first one. */
function ChallengeNotices() {
  const module = useLazy(notices);
  return module ? <module.ChallengeNotices /> : null;
}

/** Listens for the challenges to `me`, with the code that does it fetched then. */
function watchChallenges(me: Identity): void {
  void import('../challenge/challenge-watch.ts').then((m) => m.watchChallenges(me));
}

/**
 * The top bar, and over the page the notice of a challenge to the player (the lobby lists them
 * itself); `away` is set on pages outside the hash-routed app (online play), and `current`
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
  useEffect(() => watchYourTurns(watchChallenges), []);
  // On a phone the lobby's link is folded away: the menu's button carries its mark.
  const waiting = waitingWords();
  return (
    <>
      <header class="topbar">
        <Menu
          button={
            <>
              <Icon name="pages" />
              {waiting && <span class="turn-dot" aria-hidden="true" />}
            </>
          }
          label={waiting ? `${t('nav.pages')}: ${waiting}` : t('nav.pages')}
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
      {current !== 'lobby' && incoming.value.length > 0 && <ChallengeNotices />}
    </>
  );
}
