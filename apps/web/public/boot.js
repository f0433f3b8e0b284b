// Server-rendered pages (apps/server/src/http/pages.ts) are complete HTML: the reader sees the page
// before any JavaScript runs. This loader starts the app once that first paint is on screen, so the
// app's scripts never compete with it on a slow connection; the app then takes the page over.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  watchCookieBanner();
  keepTypedSearch();
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

  /**
   * The cookie banner is in the page (app/layout/cookie-banner.tsx) and hidden until <html
   * data-consent="ask">. Until the app takes the page over, this shows it 100 ms after load when no valid
   * choice is stored, stores the choice its buttons make, and follows a choice made in another tab. The
   * rules are lib/consent.ts's (boot-consent.test.ts holds the two together): a record with both choices and a
   * date, not in the future, less than 6 months old.
   */
  function watchCookieBanner() {
    var KEY = 'khedma.cookieConsent';
    var root = document.documentElement;
    function valid(raw, now) {
      var v;
      try {
        v = JSON.parse(raw);
      } catch {
        return false;
      }
      if (!v || typeof v !== 'object' || typeof v.analytics !== 'boolean' || typeof v.marketing !== 'boolean' || typeof v.timestamp !== 'string') return false;
      var made = new Date(v.timestamp);
      if (isNaN(made.getTime()) || made.getTime() > now.getTime()) return false;
      // The same day of the month 6 months later, clamped to the month's last day.
      var expires = new Date(made.getTime());
      var day = expires.getUTCDate();
      expires.setUTCDate(1);
      expires.setUTCMonth(expires.getUTCMonth() + 6);
      var lastDay = new Date(Date.UTC(expires.getUTCFullYear(), expires.getUTCMonth() + 1, 0)).getUTCDate();
      expires.setUTCDate(Math.min(day, lastDay));
      return now.getTime() < expires.getTime();
    }
    function stored() {
      try {
        return localStorage.getItem(KEY);
      } catch {
        return null;
      }
    }
    function sync() {
      var value = valid(stored(), new Date()) ? 'given' : 'ask';
      if (root.getAttribute('data-consent') !== value) root.setAttribute('data-consent', value);
    }
    if (valid(stored(), new Date())) sync();
    else setTimeout(sync, 100);
    window.addEventListener('storage', function (event) {
      if (event.key === KEY || event.key === null) sync();
    });
    document.addEventListener('click', function (event) {
      var button = event.target && event.target.closest ? event.target.closest('[data-consent-choice]') : null;
      // Once the app has taken the page over, its own handler did the work (and said so).
      if (!button || event.defaultPrevented) return;
      var choice = button.getAttribute('data-consent-choice');
      if (choice === 'settings') {
        // The dialog is the app's: it opens once the app runs, which starts now.
        root.setAttribute('data-consent-settings', 'open');
        start();
        return;
      }
      var all = choice === 'all';
      var record = { essential: true, analytics: all, marketing: all, timestamp: new Date().toISOString(), version: 1 };
      try {
        localStorage.setItem(KEY, JSON.stringify(record));
      } catch {
        /* not remembered: the banner still goes for this page */
      }
      root.setAttribute('data-consent', 'given');
    });
  }

  /**
   * The catalogue's category chips are links (components/ui/chips.tsx) carrying the search of the address.
   * Until the app takes the page over, a chip followed carries the words in the search box instead, so
   * nothing typed is lost. Once the app runs, its own handler did the work (and said so).
   */
  function keepTypedSearch() {
    document.addEventListener('click', function (event) {
      var link = event.target && event.target.closest ? event.target.closest('a[data-keep-search]') : null;
      if (!link || event.defaultPrevented) return;
      var section = link.closest('section');
      var box = section && section.querySelector('form[role="search"] input[name="q"]');
      if (!box) return;
      var url = new URL(link.href);
      var typed = box.value.trim();
      if (typed) url.searchParams.set('q', typed);
      else url.searchParams.delete('q');
      link.href = url.href;
    });
  }
})();
