/*
 * Imported by the service worker that vite-plugin-pwa generates (vite.config.ts, issue 36).
 * The app's hashed files (assets/) are read straight from the worker's precache by the browser
 * itself, without running the worker's JavaScript: the Service Worker Static Routing API
 * (InstallEvent.addRoutes, Chromium 123 and later; ignored elsewhere, where the worker's own
 * handler serves them as before). On the daily start from the home screen the worker is stopped:
 * the page's thirty-odd files no longer wait for it to start and answer each one. A file missing
 * from the cache is fetched from the network, as the worker's handler would.
 */
self.addEventListener('install', function (event) {
  if (typeof event.addRoutes !== 'function') return;
  // Workbox's precache: 'workbox-precache-v2-' and the worker's scope (workbox-core cacheNames).
  var precache = 'workbox-precache-v2-' + self.registration.scope;
  var assets = new URL('assets/*', self.registration.scope).pathname;
  event.waitUntil(
    Promise.resolve()
      .then(function () {
        return event.addRoutes([
          {
            condition: { urlPattern: { pathname: assets }, requestMethod: 'GET' },
            source: { cacheName: precache },
          },
        ]);
      })
      .catch(function (error) {
        // A browser that knows the API but not this route: the worker serves them as before.
        console.warn('Popote: static routes not added', error);
      }),
  );
});
