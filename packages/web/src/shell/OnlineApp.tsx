// The door to online play: the screen itself is fetched only when an online address is
// opened, so the app's first load carries none of it (not even online play's words, strings.ts).

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import type { OnlinePage } from '../online/address.ts';

type ScreenProps = { readonly initial: OnlinePage };

/** The online screen for `initial`, once loaded. */
export function OnlineApp(props: ScreenProps) {
  const [Screen, setScreen] = useState<ComponentType<ScreenProps> | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('./OnlineScreen.tsx').then(
      (m) => setScreen(() => m.OnlineScreen),
      () => setFailed(true),
    );
  }, []);
  if (Screen) return <Screen {...props} />;
  return <p class="loading">{failed ? t('online.loadFailed') : t('online.loading')}</p>;
}
