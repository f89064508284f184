// The page's side of the service worker: registration, a new version waiting to take over,
// and the browser's offer to install the app. A new version never takes over by itself: the
// running game keeps the code it started with until the player chooses to update.

import { signal } from '@preact/signals';

/** The browser's install offer, kept until the player uses it (Chromium only). */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

/** A new version installed and waiting for the player's word. */
export const updateWaiting = signal<ServiceWorker | undefined>(undefined);

/** The browser's offer to install the app, while there is one. */
export const installOffer = signal<InstallPrompt | undefined>(undefined);

/** Registers the service worker and listens for updates and the install offer. */
export async function registerServiceWorker(): Promise<void> {
  addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installOffer.value = e as InstallPrompt;
  });
  addEventListener('appinstalled', () => {
    installOffer.value = undefined;
  });
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js');
  const watch = (worker: ServiceWorker | null): void => {
    if (!worker) return;
    const check = (): void => {
      // Only an update waits: the first install has no page of an older version to protect.
      if (worker.state === 'installed' && navigator.serviceWorker.controller) {
        updateWaiting.value = worker;
      }
    };
    check();
    worker.addEventListener('statechange', check);
  };
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

/** Lets the waiting version take over, then reloads into it; the game is saved already. */
export function applyUpdate(): void {
  const worker = updateWaiting.value;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
    once: true,
  });
  worker.postMessage('skip-waiting');
}

/** Shows the browser's install dialog. */
export async function install(): Promise<void> {
  const offer = installOffer.value;
  if (!offer) return;
  installOffer.value = undefined;
  await offer.prompt();
}
