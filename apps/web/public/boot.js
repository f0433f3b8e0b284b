// Server-rendered pages (apps/server/src/http/pages.ts) are complete HTML that works without the app: its
// links, GET forms, the contact form's POST and the language switch (docs/public-site.md). This loader
// (decision 0031) is all the JavaScript of their first load. It starts the app at the reader's first
// sign of use (a pointer moved or pressed, a touch, a key, the focus entering a field, the wheel), at
// once (after the first paint) for a reader the app saw signed in (the header then shows their
// account), at once when the page holds nothing to take over, and otherwise once the load is over (5 s
// after the load event, when the browser is idle: startWhenQuiet). Until
// then it shows the cookie banner and keeps the words typed in a search box on a chip followed. A button
// pressed before the app ran (the menu, the FAQ's questions) is pressed again once the app has taken the
// page over, and what was typed stays in the page's fields, which the app reads.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  // Kept in step with app/loader-signals.ts (loader.test.ts holds the two together).
  var SIGNED_IN_KEY = 'khedma.signedIn';
  var INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];
  // A reader who does not act: the app starts this long after the load event, when the browser is idle.
  var QUIET_AFTER_LOAD_MS = 5000;
  var IDLE_TIMEOUT_MS = 5000;
  var root = document.documentElement;
  watchCookieBanner();
  keepTypedSearch();
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  var pressed = null;
  function start() {
    if (started) return;
    started = true;
    INTENT_EVENTS.forEach(function (type) {
      window.removeEventListener(type, onIntent, true);
    });
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    withAppStylesheet(function () {
      import(entry);
    });
  }

  /**
   * The page came with the public pages' stylesheet (decision 0032); the app draws with every class of
   * the app, so it runs once the app's stylesheet is in (fetched beside its scripts). That sheet holds
   * every rule of the public one, in the same order and layers, so the public one goes in the same task
   * (one style pass for both changes) and the page looks the same. If the sheet cannot load, the app runs
   * anyway, on the public one.
   */
  function withAppStylesheet(run) {
    var href = script.getAttribute('data-style');
    if (!href) return run();
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    var done = false;
    function loaded(event) {
      if (done) return;
      done = true;
      if (event.type === 'load') {
        var publicSheet = document.querySelector('link[rel="stylesheet"][data-public-stylesheet]');
        if (publicSheet) publicSheet.remove();
      }
      run();
    }
    link.addEventListener('load', loaded);
    link.addEventListener('error', loaded);
    document.head.appendChild(link);
  }

  /** A press on a link or a form's submit button leaves the page by itself: no app to start for it. */
  function leavesThePage(target) {
    var control = target && target.closest ? target.closest('a[href], button, input[type="submit"], input[type="image"]') : null;
    if (!control) return false;
    if (control.tagName === 'A') return true;
    return control.type !== 'button' && control.type !== 'reset' && Boolean(control.form);
  }
  var restingAt = null;
  function onIntent(event) {
    if ((event.type === 'pointerdown' || event.type === 'touchstart') && leavesThePage(event.target)) return;
    if (event.type === 'pointermove') {
      // Chromium sends a mouse resting over the page moves of its own (at the same place) as the page
      // lays out: only a pointer that goes somewhere is a reader.
      var at = event.clientX + ',' + event.clientY;
      if (restingAt === null) restingAt = at;
      if (at === restingAt) return;
    }
    start();
  }

  /** Whether the app is needed now: a reader the app saw signed in, or a page with nothing rendered in it. */
  function neededNow() {
    var container = document.getElementById('root');
    if (!container || !container.firstElementChild) return true;
    try {
      return localStorage.getItem(SIGNED_IN_KEY) === '1';
    } catch {
      return false;
    }
  }

  if (neededNow()) {
    // Once the first paint is on screen, so the app's scripts never compete with it.
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
  } else {
    INTENT_EVENTS.forEach(function (type) {
      window.addEventListener(type, onIntent, { capture: true, passive: true });
    });
    startWhenQuiet();
  }
  replayPressedButton();

  /**
   * A reader who reads without acting gets the app too, once the page's load is over: 5 s after the
   * load event (Time to Interactive's quiet window), at the browser's next idle moment, and only in a
   * tab that is shown. What the app does by itself then happens as it did before the loader: the
   * service worker registers (the offline page, the update notice), the statistics count up, a page
   * reloaded by the app (a missing chunk, the update's Reload) is taken over. Its start is split in
   * short tasks (main.tsx), and a sign of use before then starts it at once.
   */
  function startWhenQuiet() {
    function whenIdle() {
      if (started) return;
      if (document.hidden) {
        document.addEventListener('visibilitychange', function onShown() {
          if (document.hidden) return;
          document.removeEventListener('visibilitychange', onShown);
          whenIdle();
        });
        return;
      }
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      else start();
    }
    function afterLoad() {
      setTimeout(whenIdle, QUIET_AFTER_LOAD_MS);
    }
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad);
  }

  /**
   * A button of the page (type="button": the menu, a question of the FAQ, a dialog's opener) does
   * nothing until the app runs. The last one pressed before main.tsx hands the page to React (<html
   * data-app="starting">; React handles presses itself from then on) is pressed again once the app has
   * taken the page over (data-app="ready"), if it is still in the page.
   */
  function replayPressedButton() {
    document.addEventListener('click', function (event) {
      if (root.getAttribute('data-app')) return;
      var button = event.target && event.target.closest ? event.target.closest('button') : null;
      if (!button || button.type !== 'button' || button.hasAttribute('data-consent-choice')) return;
      pressed = button;
      start();
    });
    try {
      new MutationObserver(function (_records, observer) {
        if (root.getAttribute('data-app') !== 'ready') return;
        observer.disconnect();
        var button = pressed;
        pressed = null;
        if (button && button.isConnected) button.click();
      }).observe(root, { attributes: true, attributeFilter: ['data-app'] });
    } catch {
      /* no replay: the reader presses again */
    }
  }

  /**
   * The cookie banner is in the page (features/consent/components/cookie-banner.tsx) and hidden until <html
   * data-consent="ask">. Until the app takes the page over, this shows it 100 ms after load when no valid
   * choice is stored, stores the choice its buttons make, and follows a choice made in another tab. The
   * rules are features/consent/consent.ts's (boot-consent.test.ts holds the two together): a record with both choices and a
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
