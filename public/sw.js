// Fronteira service worker (hand-written, see ARCHITECTURE.md; decision 1220). Goal: on a flaky
// network, catalogue pages already visited and the static assets still open, and any other page
// says, in the visitor's language, that it needs a connection.
// - hashed build assets (/_astro/*), icons, images and the catalogue pictures (/img/*): cache first;
// - catalogue pages (home, listings, product, brands, sellers, about, how to buy, rates):
//   network first with a 4 s timeout, falling back to the last copy. A signed-in visitor's page
//   (no-store: it carries their name) is never stored; the anonymous copy, fetched without
//   cookies, is kept instead;
// - everything else (API, cart, checkout, account, login): network only, never cached; a page
//   among them opened offline shows /offline.
const VERSION = 'v2';
const ASSETS = `fronteira-assets-${VERSION}`;
const PAGES = `fronteira-pages-${VERSION}`;
/** Apart from the pages, so trimming them never drops it. */
const SHELL = `fronteira-offline-${VERSION}`;
const PAGE_LIMIT = 60;
const ASSET_LIMIT = 200;
const NETWORK_TIMEOUT_MS = 4000;
/** A signed-in visitor's anonymous copy is fetched again at most this often. */
const ANONYMOUS_COPY_MAX_AGE_MS = 10 * 60 * 1000;
const OFFLINE = '/offline';
const PRECACHE_STATIC = ['/manifest.webmanifest', '/logo.svg', '/icons/favicon-48.png', '/icons/icon-192.png'];
const CATALOGUE = /^\/(?:$|produtos(?:\/|$)|produto\/|marcas$|marca\/|especial\/|vendedores$|sobre-nos$|como-comprar$|cotacoes$)/;
const STATIC = /^\/(?:_astro\/|icons\/|images\/|img\/|uploads\/|favicon\.svg$|logo\.svg$|manifest\.webmanifest$)/;

/**
 * The offline page in the visitor's language (it is fetched with their cookies, and carries
 * nothing personal: it reads no session), stored whatever its cache headers say.
 */
async function storeOfflinePage() {
  const response = await fetch(OFFLINE, { credentials: 'same-origin', cache: 'no-store' });
  if (response.ok) await (await caches.open(SHELL)).put(OFFLINE, response);
}

/** The anonymous copy of a catalogue page: what a visitor without cookies sees, nothing personal. */
async function storeAnonymousCopy(url) {
  const response = await fetch(url, { credentials: 'omit' });
  if (isCacheable(response)) await (await caches.open(PAGES)).put(url, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.allSettled([
      storeOfflinePage(),
      storeAnonymousCopy('/'),
      caches.open(ASSETS).then((cache) => cache.addAll(PRECACHE_STATIC)),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('fronteira-') && ![ASSETS, PAGES, SHELL].includes(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName, limit) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

/** The browser's own copy: `private` pages (a language cookie) are fine, `no-store` ones (signed in) never. */
function isCacheable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  return !/no-store/i.test(response.headers.get('cache-control') ?? '');
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(response)) {
    const copy = response.clone();
    caches.open(ASSETS).then((cache) => cache.put(request, copy)).then(() => trim(ASSETS, ASSET_LIMIT));
  }
  return response;
}

/** After a page arrives: keep it (or its anonymous copy), and the offline page in its language. */
async function keepPage(request, response) {
  const cache = await caches.open(PAGES);
  if (isCacheable(response)) {
    await cache.put(request, response.clone());
  } else if (response.ok && response.type === 'basic') {
    const kept = await cache.match(request);
    const age = kept ? Date.now() - Date.parse(kept.headers.get('date') ?? '') : Infinity;
    if (!(age < ANONYMOUS_COPY_MAX_AGE_MS)) await storeAnonymousCopy(request.url);
  }
  await trim(PAGES, PAGE_LIMIT);
}

async function refreshOfflinePage(response) {
  const language = response.headers.get('content-language');
  const offline = await caches.match(OFFLINE);
  if (language && offline?.headers.get('content-language') !== language) await storeOfflinePage();
}

async function offlineAnswer(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const offline = await caches.match(OFFLINE);
  if (offline) return offline;
  throw new TypeError('offline');
}

async function networkFirst(event, catalogue) {
  const { request } = event;
  const network = fetch(request).then((response) => {
    event.waitUntil(Promise.all([catalogue ? keepPage(request, response.clone()) : null, refreshOfflinePage(response)]).catch(() => undefined));
    return response;
  });
  if (!catalogue) return network.catch(() => offlineAnswer(request));
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, null));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    const cached = await caches.match(request);
    return cached ?? (await network);
  } catch {
    return offlineAnswer(request);
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (STATIC.test(url.pathname)) { event.respondWith(cacheFirst(request)); return; }
  if (request.mode === 'navigate') event.respondWith(networkFirst(event, CATALOGUE.test(url.pathname)));
});
