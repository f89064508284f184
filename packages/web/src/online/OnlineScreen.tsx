// Online play as its own screen of the app: the page that creates a game, or a game's page.
// Moving between them (a new game, a rematch) changes the address without reloading.
// Loaded only when an online address is opened (OnlineApp.tsx).

import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { preferences } from '../lib/settings.ts';
import { playCaptureSound, playMoveSound } from '../lib/sound.ts';
import { TopBar } from '../lib/TopBar.tsx';
import { gamePath, type OnlinePage, onlinePage } from './address.ts';
import { CreatePage } from './CreatePage.tsx';
import { GamePage } from './GamePage.tsx';
import { OnlineGame } from './online-game.ts';
import './online.css';

/** The game `id` while its page is open: connected on first use, stopped when left. */
function useOnlineGame(id: string | undefined, go: (path: string) => void): OnlineGame | undefined {
  const online = useMemo(
    () =>
      id === undefined
        ? undefined
        : new OnlineGame(id, {
            moved: (captured) => {
              if (!preferences.value.sound) return;
              if (captured) playCaptureSound();
              else playMoveSound();
            },
            rematch: go,
          }),
    [id, go],
  );
  useEffect(() => () => online?.stop(), [online]);
  return online;
}

/** The online screen for `initial`. */
export function OnlineScreen({ initial }: { readonly initial: OnlinePage }) {
  const page = useSignal<OnlinePage>(initial);
  const go = useMemo(
    () =>
      (path: string): void => {
        history.pushState(null, '', path);
        page.value = onlinePage(location) ?? initial;
      },
    [page, initial],
  );
  useEffect(() => {
    const back = (): void => {
      const next = onlinePage(location);
      // Back out of the online screens: the rest of the app starts afresh.
      if (next) page.value = next;
      else location.reload();
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [page]);
  const current = page.value;
  const online = useOnlineGame(current.page === 'game' ? current.id : undefined, go);
  return (
    <div class="app">
      <TopBar away />
      {online ? (
        <GamePage key={online.id} online={online} />
      ) : (
        <CreatePage created={(id) => go(gamePath(id))} />
      )}
    </div>
  );
}
