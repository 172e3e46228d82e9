// rulepen's service worker: once the playground has loaded, it keeps working offline. As it installs it caches
// every file of the build (the list the build writes to sw-precache.json), so the parts the page loads only on
// demand — panels, dialogs, the graph view, the engine worker's chunks — work offline too. Same-origin GET requests
// go to the network first (so a new deployment is picked up at once) and fall back to the copy cached from the
// last successful load. Nothing outside the page's origin is ever fetched or cached.

const CACHE = 'rulepen-v1';

/** Caches the build's files. A failure (a file gone in a newer deployment, the network) leaves the cache as it is. */
async function precache() {
  try {
    const response = await fetch('./sw-precache.json', { cache: 'no-store' });
    if (!response.ok) return;
    const urls = await response.json();
    const cache = await caches.open(CACHE);
    await Promise.all(
      urls.map(async (url) => {
        const r = await fetch(url, { cache: 'no-cache' });
        if (r.ok) await cache.put(url, r);
      }),
    );
  } catch {
    // Offline or a partial deployment: what the page fetches is still cached as it goes.
  }
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(precache());
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      } catch (error) {
        const cached = await cache.match(request, { ignoreSearch: true });
        if (cached) return cached;
        throw error;
      }
    })(),
  );
});
