// Starts the app: the words of the player's language, then the page. The game page's match
// (restored from local storage) and its computer are made the first time that page is shown:
// the lobby and the puzzles, served by this same script, neither read the stored game nor run
// its engine.

import { options, render } from 'preact';
import { inLaterTask } from './board/task.ts';
import { pickLanguage } from './i18n/language.ts';
import { setLanguage } from './i18n/ui.ts';
import { EngineClient } from './lib/engine-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { preferences, watchTheme } from './lib/settings.ts';
import { loadSound, prepareSound } from './lib/sound.ts';
import { Match } from './play/match.ts';
import { App } from './shell/App.tsx';
import './ui/index.css';

// Components re-render in a task of their own, not in a microtask of the event that changed
// their signals: a tap or the computer's move then ends once the board is drawn, and the
// status line and move list follow a moment later (on a slow phone the two together made one
// long task).
options.debounceRendering = inLaterTask;

const settings = preferences.value;
watchTheme(document.documentElement);
// The first picture, and the first game's record, are already in the player's language: a
// missing catalog is fetched first.
await setLanguage(settings.language ?? pickLanguage(navigator.languages)).catch(() =>
  setLanguage('en'),
);
let match: Match | undefined;
const playMatch = (): Match => {
  match ??= new Match(
    new EngineClient(
      () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' }),
    ),
  );
  return match;
};
const root = document.getElementById('app');
if (root) {
  root.replaceChildren();
  render(<App match={playMatch} />, root);
}
if (import.meta.env.PROD) {
  void registerServiceWorker().catch(() => {
    // Without it the app still works; only an offline reload does not.
  });
}
// The sound clips are made while the page is idle, before the first move needs one.
if (preferences.value.sound) {
  if ('requestIdleCallback' in window) requestIdleCallback(loadSound, { timeout: 2000 });
  else setTimeout(loadSound, 500);
}
// The clips are readied on the first clicks or keys (gestures, which Safari asks for) with sound
// on, not on the first pointerdown: on a phone the click comes in a task of its own, after the
// board has handled the tap.
const firstGesture = (): void => {
  if (!preferences.value.sound) return; // until a gesture after sound is turned on
  if (!prepareSound()) return; // one clip a gesture
  removeEventListener('click', firstGesture, true);
  removeEventListener('keydown', firstGesture, true);
};
addEventListener('click', firstGesture, true);
addEventListener('keydown', firstGesture, true);
