// Starts the app: the match (restored from local storage), the computer in its worker, the page.

import { render } from 'preact';
import { App } from './app/App.tsx';
import { EngineClient } from './app/engine-client.ts';
import { Match } from './app/match.ts';
import { prepareSound } from './app/sound.ts';
import './style.css';

const engine = new EngineClient(
  () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' }),
);
const match = new Match(engine);
const root = document.getElementById('app');
if (root) {
  root.replaceChildren();
  render(<App match={match} />, root);
}
match.resume();
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js').catch(() => {
    // Without it the app still works; only an offline reload does not.
  });
}
addEventListener(
  'pointerdown',
  () => {
    if (match.settings.value.sound) prepareSound();
  },
  { once: true, capture: true },
);
