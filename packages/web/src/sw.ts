// The service worker: the whole app (page, scripts, every language, the rules, the font, the
// engine) is stored at install, and served from that store, so the app loads and plays with
// no network after the first visit. Each build is a version with its own store. A new version
// installs beside the running one and waits: it takes over only when every tab of the old one
// is closed, or when the player says so, so no update ever swaps the code under a game.

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

/** Put in by the build: a digest of every file, and the files to store (vite.config.ts). */
declare const __AGON_BUILD__: { readonly version: string; readonly files: readonly string[] };
const BUILD = __AGON_BUILD__;

const CACHE = `agon-${BUILD.version}`;
const PAGE = '/';
const sw = self as unknown as {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (e: WorkerMessageEvent) => void): void;
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
