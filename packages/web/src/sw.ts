// The service worker: the whole app (page, scripts, every language, the rules, the font, the
// engine) is stored at install, and served from that store, so the app loads and plays with
// no network after the first visit. Each build is a version with its own store. A new version
// installs beside the running one and waits: it takes over only when every tab of the old one
// is closed, or when the player says so, so no update ever swaps the code under a game.
// Notices pushed by the server (docs/online.md, "Notifications") are shown here, worded in the
// language the device subscribed in, and a click opens the notice's page.

import { noticeText, payloadOf } from './notices/notice-text.ts';

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
/** A tab or window of the app, as the worker sees it. */
interface WindowClient {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
}

/** Put in by the build: a digest of every file, and the files to store (vite.config.ts). */
declare const __AGON_BUILD__: { readonly version: string; readonly files: readonly string[] };
const BUILD = __AGON_BUILD__;

const CACHE = `agon-${BUILD.version}`;
const PAGE = '/';
const sw = self as unknown as {
  location: Location;
  skipWaiting(): Promise<void>;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (e: WorkerMessageEvent) => void): void;
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void;
};
const stored = new Set(BUILD.files);

sw.addEventListener('install', (e) => {
  // `cache: 'reload'` skips the HTTP cache, so the store never mixes two versions.
  e.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(BUILD.files.map((f) => new Request(f, { cache: 'reload' })))),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('agon-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (e) => {
  if (e.data === 'skip-waiting') e.waitUntil(sw.skipWaiting());
});

async function fromStore(path: string, request: Request): Promise<Response> {
  const kept = await caches.match(path, { cacheName: CACHE });
  return kept ?? fetch(request);
}

async function pageOrStored(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (offline) {
    const kept = await caches.match(PAGE, { cacheName: CACHE });
    if (kept) return kept;
    throw offline;
  }
}

sw.addEventListener('fetch', (e) => {
  const request = e.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  const path = url.pathname === '/index.html' ? PAGE : url.pathname;
  if (stored.has(path)) e.respondWith(fromStore(path, request));
  // Other pages of the site (the server's, not the app's) come from the network when it is
  // there; without it, the app's page is better than the browser's error.
  else if (request.mode === 'navigate') e.respondWith(pageOrStored(request));
});

/** The app's windows, those of an older version too. */
function windows(): Promise<readonly WindowClient[]> {
  return sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Whether a window shows `path` of the app. */
const shows = (w: WindowClient, path: string): boolean => new URL(w.url).pathname === path;

/**
 * Shows a pushed notice, unless a visible window already shows its page: the page tells the
 * player itself, and a browser asks for no notification while the site is in front.
 */
async function show(data: unknown): Promise<void> {
  const payload = payloadOf(data);
  if (!payload) return;
  const { notice, language } = payload;
  const open = await windows();
  if (open.some((w) => w.visibilityState === 'visible' && shows(w, notice.url))) return;
  const { title, body } = noticeText(notice, language);
  // One notification a page: a newer turn of the same game replaces the older one.
  await sw.registration.showNotification(title, {
    body,
    lang: language,
    tag: notice.url,
    icon: '/icons/icon-192.png',
    data: { url: notice.url },
  });
  // A digest of turns stands for its games' own notices: one notification says it all.
  if (notice.kind === 'turn' && 'games' in notice) {
    const folded = new Set(notice.games.map((game) => `/g/${game}`));
    for (const shown of await sw.registration.getNotifications()) {
      if (folded.has(shown.tag)) shown.close();
    }
  }
}

/** Brings forward a window that shows `path`, or opens one. */
async function open(path: string): Promise<void> {
  const window = (await windows()).find((w) => shows(w, path));
  if (window) await window.focus();
  else await sw.clients.openWindow(path);
}

sw.addEventListener('push', (e) => {
  let data: unknown;
  try {
    data = e.data?.json();
  } catch {
    return; // not JSON: not the server's
  }
  e.waitUntil(show(data));
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = (e.notification.data as { url?: unknown } | null)?.url;
  if (typeof url === 'string' && url.startsWith('/')) e.waitUntil(open(url));
});
