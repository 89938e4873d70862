// The service worker (served at /sw.js by service/web/viewer.py, which fills in VERSION, a
// digest of replay/static, and ASSETS, its files): the pages and their static files
// are answered from the network first, and from the cache only when there is no
// network, so an online phone never gets a stale page; a recording page reloaded with
// no network still opens (it then draws the match as last seen, from localStorage).
// The API and the live stream are never answered from here.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const CACHE = `recount-pages-${VERSION}`;
// Every /record/{id} is the same page; any of them stands in for another offline.
const RECORD_PAGE = "/static/record.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(ASSETS.map((name) => `/static/${name}`)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Caches of another version hold files this version replaced.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("recount-pages-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const isPage = (url) => url.pathname.startsWith("/record/") && !url.pathname.endsWith(".webmanifest");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (!isPage(url) && !url.pathname.startsWith("/static/")) return; // the API: the network's alone
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const reply = await fetch(request, { cache: "no-store" });
    if (reply.ok) cache.put(isPage(url) ? RECORD_PAGE : request, reply.clone());
    return reply;
  } catch (error) {
    const kept = await cache.match(isPage(url) ? RECORD_PAGE : request, { ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}
