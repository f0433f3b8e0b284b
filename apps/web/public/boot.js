// Server-rendered pages (apps/server/src/http/pages.ts) are complete HTML: the reader sees the page
// before any JavaScript runs. This loader starts the app once that first paint is on screen, so the
// app's scripts never compete with it on a slow connection; the app then takes the page over.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  // A tab opened in the background paints only when shown: start anyway.
  setTimeout(start, 1500);
})();
