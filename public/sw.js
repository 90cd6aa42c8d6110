// Fronteira service worker (hand-written, see ARCHITECTURE.md). Goal: on a flaky network,
// catalogue pages already visited and the static assets still open.
// - hashed build assets (/_astro/*), icons, images and the catalogue pictures (/img/*): cache first;
// - catalogue pages (home, listings, product, brands, sellers, about, how to buy, rates):
//   network first with a 4 s timeout, falling back to the last copy;
// - everything else (API, cart, checkout, account, login): network only, never cached.
const VERSION = 'v1';
const ASSETS = `fronteira-assets-${VERSION}`;
const PAGES = `fronteira-pages-${VERSION}`;
const PAGE_LIMIT = 60;
const ASSET_LIMIT = 200;
const NETWORK_TIMEOUT_MS = 4000;
const PRECACHE = ['/', '/manifest.webmanifest', '/icons/favicon-48.png', '/icons/icon-192.png'];
const CATALOGUE = /^\/(?:$|produtos(?:\/|$)|produto\/|marcas$|marca\/|especial\/|vendedores$|sobre-nos$|como-comprar$|cotacoes$)/;
const STATIC = /^\/(?:_astro\/|icons\/|images\/|img\/|uploads\/|favicon\.svg$|logo\.svg$|manifest\.webmanifest$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => cache.addAll(PRECACHE)).catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('fronteira-') && ![ASSETS, PAGES].includes(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName, limit) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

function isCacheable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const control = response.headers.get('cache-control') ?? '';
  return !/no-store|private/i.test(control);
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

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  const network = fetch(request).then((response) => {
    if (isCacheable(response)) {
      const copy = response.clone();
      cache.put(request, copy).then(() => trim(PAGES, PAGE_LIMIT));
    }
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS, null));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    const cached = await cache.match(request);
    return cached ?? (await network);
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (STATIC.test(url.pathname)) { event.respondWith(cacheFirst(request)); return; }
  if (request.mode === 'navigate' && CATALOGUE.test(url.pathname)) event.respondWith(networkFirst(request));
});
