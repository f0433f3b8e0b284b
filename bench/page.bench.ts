import { chromium, type Browser } from '@playwright/test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './lib';

/** Chromium from Debian (never a downloaded browser), as the e2e tests use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * Lighthouse runs in Debian's headless shell (package chromium-headless-shell: the same Chromium
 * release, Blink and V8, without the browser's own window), the build Playwright itself uses for
 * headless runs. Debian's full Chromium, even headless, keeps compositing its invisible window while a
 * page loads: on this two-core host that produced a frame about every 20 ms, each with a screenshot for
 * Lighthouse's trace, while the page showed nothing new, and the page's main thread waited for a core.
 * Lighthouse multiplies what it observes by 4, so that cost, which is neither the page's nor a phone's,
 * took 15 to 20 points off. The full browser's figure is still printed beside (`fullBrowser`).
 */
export const LIGHTHOUSE_CHROMIUM_PATH =
  process.env.LIGHTHOUSE_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts a Debian Chromium for the bench; with a debugging port when Lighthouse is to drive it. */
function launchBrowser(executablePath: string, debuggingPort?: number): Promise<Browser> {
  const args = debuggingPort === undefined ? BROWSER_ARGS : [...BROWSER_ARGS, `--remote-debugging-port=${debuggingPort}`];
  return chromium.launch({ executablePath, args });
}

/**
 * Issue 40's budget: compressed JavaScript transferred on the first load of any public page (issue 4's
 * was 150 KB on `/`).
 */
export const FIRST_LOAD_JS_BUDGET = 100 * 1024;
/** A task longer than this blocks input (the Long Tasks API's threshold, and issue 40's limit during load). */
export const LONG_TASK_MS = 50;
/** The CPU slowdown of the first-load runs: Lighthouse mobile's default, applied by DevTools here. */
export const CPU_SLOWDOWN = 4;

/** The public pages whose first load is measured (issue 40), given a service's id. */
export function publicPages(serviceId: string | undefined): string[] {
  return ['/', '/services', serviceId ? `/services/${serviceId}` : '/services/cleaning', '/services/plumbing', '/?lang=ar'];
}

export interface FirstLoadFigures {
  url: string;
  /** Compressed bytes of every script response (encoded body sizes). */
  scriptBytes: number;
  scriptRequests: number;
  /** Compressed bytes of every response (HTML, CSS, fonts, JSON, images, scripts). */
  totalBytes: number;
  requests: number;
  budget: number;
  withinBudget: boolean;
  /** The scripts, largest first: [path, bytes]. */
  scripts: Array<[string, number]>;
  /**
   * Main-thread tasks over LONG_TASK_MS (ms, longest first) from the navigation until the network went
   * quiet, with the CPU slowed down `cpuSlowdown` times (DevTools' throttling, as Lighthouse mobile).
   */
  longTasks?: number[];
  /** The same load with every script blocked: the tasks the HTML and CSS alone take (the floor). */
  longTasksWithoutScripts?: number[];
  cpuSlowdown?: number;
  /**
   * After the first load, nothing done: the loader starts the app by itself once the load is over
   * (decision 0031). When its first script was asked for (ms after the load event), the compressed
   * JavaScript it brought, and the long tasks from then until the app had taken the page over (same
   * CPU slowdown). Null when the app did not take over within a minute.
   */
  quietStart?: { afterLoadMs: number; scriptBytes: number; longTasks: number[] } | null;
}

/**
 * Lighthouse's benchmark index of this host right now (its own page function, run in a blank page of the
 * same browser without throttling): about 1,500 is what Lighthouse's 4x slowdown is calibrated on; the
 * goal of issue 40 holds near 1,000. Null when Lighthouse is not installed.
 */
export async function measureBenchmarkIndex(browser: Browser): Promise<number | null> {
  let source: string;
  try {
    const modulePath = 'lighthouse/core/lib/page-functions.js';
    const { pageFunctions } = (await import(modulePath)) as { pageFunctions: { computeBenchmarkIndex: () => number } };
    source = pageFunctions.computeBenchmarkIndex.toString();
  } catch {
    return null;
  }
  const page = await browser.newPage();
  try {
    return Math.round(await page.evaluate<number>(`(${source})()`));
  } finally {
    await page.close();
  }
}

/**
 * Loads `path` in a fresh Chromium profile (empty cache, no service worker yet) at 390 px and sums
 * what crossed the network until it went quiet. The server compresses with br or gzip, so these are
 * transfer sizes. The CPU is slowed down CPU_SLOWDOWN times and the main thread's long tasks are
 * recorded from the document's start; `blockScripts` loads the page with every script refused.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, path = '/', blockScripts = false): Promise<FirstLoadFigures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  // Slowed down 4x on a loaded two-core host, a page can take more than Playwright's 30 s to go quiet.
  page.setDefaultTimeout(180_000);
  if (blockScripts) await page.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  await page.addInitScript(() => {
    const tasks: Array<[number, number]> = [];
    (window as unknown as { longTasks: Array<[number, number]> }).longTasks = tasks;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no Long Tasks API: none recorded
    }
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const sizes: Array<{ url: string; type: string; bytes: Promise<number> }> = [];
  page.on('requestfinished', (request) => {
    sizes.push({ url: request.url(), type: request.resourceType(), bytes: request.sizes().then((s) => s.responseBodySize).catch(() => 0) });
    // (a request still finishing when the page closes has no sizes: counted as 0, never an unhandled rejection)
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // Late work of the first visit (the cookie banner's chunk and strings) is part of it too.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  const tasksSoFar = () => page.evaluate(() => (window as unknown as { longTasks?: Array<[number, number]> }).longTasks ?? []);
  const over = (tasks: Array<[number, number]>) =>
    tasks
      .map(([, ms]) => ms)
      .filter((ms) => ms > LONG_TASK_MS)
      .map((ms) => Math.round(ms))
      .sort((a, b) => b - a);
  const firstLoadTasks = await tasksSoFar();
  const longTasks = over(firstLoadTasks);
  const rows = await Promise.all(sizes.map(async (s) => ({ ...s, bytes: await s.bytes })));
  let quietStart: FirstLoadFigures['quietStart'];
  if (!blockScripts) {
    const firstLoadRequests = sizes.length;
    const started = await page
      .waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
    if (started) {
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate(() => {
        const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const app = performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/') && /\.js$/.test(e.name));
        return { load: load?.loadEventEnd ?? 0, appAt: app.length ? Math.min(...app.map((e) => e.startTime)) : null };
      });
      const later = await Promise.all(sizes.slice(firstLoadRequests).map(async (s) => ({ ...s, bytes: await s.bytes })));
      quietStart =
        timing.appAt === null
          ? null
          : {
              afterLoadMs: Math.round(timing.appAt - timing.load),
              scriptBytes: later.filter((r) => r.type === 'script').reduce((sum, r) => sum + r.bytes, 0),
              longTasks: over((await tasksSoFar()).filter(([start]) => start >= timing.appAt!)),
            };
    } else quietStart = null;
  }
  await context.close();
  const scripts = rows.filter((r) => r.type === 'script');
  const scriptBytes = scripts.reduce((sum, r) => sum + r.bytes, 0);
  return {
    url: path,
    scriptBytes,
    scriptRequests: scripts.length,
    totalBytes: rows.reduce((sum, r) => sum + r.bytes, 0),
    requests: rows.length,
    budget: FIRST_LOAD_JS_BUDGET,
    withinBudget: scriptBytes <= FIRST_LOAD_JS_BUDGET,
    scripts: scripts.map((r): [string, number] => [new URL(r.url).pathname, r.bytes]).sort((a, b) => b[1] - a[1]),
    longTasks,
    cpuSlowdown: CPU_SLOWDOWN,
    ...(quietStart === undefined ? {} : { quietStart }),
  };
}

export interface LighthouseFigures {
  url: string;
  /** The median run's scores (by performance), out of `runs` runs of the page. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Every run's performance score, in order: how much this machine's runs vary. */
  performanceRuns: string;
  /** The metrics behind the performance score (Lighthouse's display values: "1.2 s", "150 ms"). */
  fcp?: string;
  lcp?: string;
  tbt?: string;
  cls?: string;
  si?: string;
  /**
   * Lighthouse's measure of this machine's CPU speed. Its default 4x CPU slowdown assumes a host of
   * about 1500 (Lighthouse's calibration); a slower host makes the same page score lower.
   */
  benchmarkIndex?: number;
  /**
   * The same page's performance with every script blocked (median of as many runs, taken in turn with
   * the runs above): plain server HTML and CSS. The gap between the two is what the app's JavaScript
   * costs.
   */
  withoutScripts: number | null;
  withoutScriptsRuns: string;
  /** The browser the runs above used. */
  browser: string;
  /**
   * The same page's performance in Debian's full Chromium (new headless), as many runs in turn with the
   * others, when the runs above used the headless shell: what the invisible browser window costs here.
   */
  fullBrowser: number | null;
  fullBrowserRuns: string;
  /**
   * The same page in the full browser with every script blocked: the best the full browser gives this
   * page's server HTML and CSS on this host, whatever the app's JavaScript does.
   */
  fullBrowserWithoutScripts: number | null;
  fullBrowserWithoutScriptsRuns: string;
}

/**
 * The baseline row: the app's offline page (2 KB of HTML with its own CSS, no script, no web font),
 * served by the same server with the same headers. What it scores is what this host and browser allow
 * any page: the figures of the real pages read against it (decision 0008).
 */
export const LIGHTHOUSE_BASELINE_PATH = '/offline.html';

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
  environment?: { benchmarkIndex?: number };
};

/** How many times each page runs (LIGHTHOUSE_RUNS, default 3): Lighthouse's figures vary from run to run. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

/**
 * Lighthouse mobile (its default throttling: simulated slow 4G, 4x CPU slowdown) on a few pages, when
 * the `lighthouse` package is installed (12.x: 13.x needs Node 22); otherwise null and a note.
 * Imported dynamically so the bench runs without it. Chromium is Debian's (LIGHTHOUSE_CHROMIUM_PATH,
 * the headless shell when installed), started by Playwright with a debugging port Lighthouse uses. Each
 * page runs LIGHTHOUSE_RUNS times and the median run (by performance score) is reported, as
 * Lighthouse's documentation advises for variable hosts; each run is followed by one of the same page
 * with every script blocked (`withoutScripts`) and, when the shell is used, two in the full browser
 * (`fullBrowser`, and `fullBrowserWithoutScripts` with every script blocked). A last row measures the
 * baseline page (LIGHTHOUSE_BASELINE_PATH) the same way: the ceiling of this host and browser.
 */
export async function runLighthouse(baseUrl: string, paths: string[], port = 9333): Promise<LighthouseFigures[] | null> {
  let lighthouse: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;
  try {
    // Not a dependency of the project (yet): a variable keeps TypeScript from resolving it.
    const lighthouseModule = 'lighthouse';
    lighthouse = ((await import(lighthouseModule)) as { default: typeof lighthouse }).default;
  } catch {
    console.log('lighthouse not installed (add lighthouse@12.8.2 as a dev dependency to get the scores)');
    return null;
  }
  if (LIGHTHOUSE_CHROMIUM_PATH === CHROMIUM_PATH) {
    console.log(
      `Lighthouse runs in ${CHROMIUM_PATH}, the full browser: its own window's work (the install icon, a screenshot per frame) ` +
        'stretches the page\'s tasks on a small host (decision 0008). apt-get install chromium-headless-shell to measure the page alone.',
    );
  }
  const browser = await launchBrowser(LIGHTHOUSE_CHROMIUM_PATH, port);
  // LIGHTHOUSE_FULL_BROWSER=0 leaves the full browser's columns out (half the runs, for a busy host).
  const fullBrowser =
    LIGHTHOUSE_CHROMIUM_PATH === CHROMIUM_PATH || process.env.LIGHTHOUSE_FULL_BROWSER === '0' ? undefined : await launchBrowser(CHROMIUM_PATH, port + 1);
  try {
    const results: LighthouseFigures[] = [];
    for (const path of [...paths, LIGHTHOUSE_BASELINE_PATH]) {
      const baseline = path === LIGHTHOUSE_BASELINE_PATH;
      const runs: Lhr[] = [];
      const withoutScripts: Lhr[] = [];
      const inFullBrowser: Lhr[] = [];
      const inFullBrowserWithoutScripts: Lhr[] = [];
      const run = async (into: Lhr[], flags: Record<string, unknown>) => {
        const result = await lighthouse(`${baseUrl}${path}`, { port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance'], ...flags });
        if (result) into.push(result.lhr);
      };
      // In turn, so that a busy moment of the host falls on all of them alike. The baseline has no
      // script to block, and only its performance is of interest.
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        await run(runs, baseline ? {} : { onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        if (!baseline) await run(withoutScripts, { blockedUrlPatterns: ['*.js'] });
        if (fullBrowser) await run(inFullBrowser, { port: port + 1 });
        if (fullBrowser && !baseline) await run(inFullBrowserWithoutScripts, { port: port + 1, blockedUrlPatterns: ['*.js'] });
      }
      const score = (lhr: Lhr | undefined, id: string) => {
        const value = lhr?.categories[id]?.score;
        return typeof value === 'number' ? Math.round(value * 100) : null;
      };
      const medianOf = (all: Lhr[]) => [...all].sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0))[Math.floor((all.length - 1) / 2)];
      const scores = (all: Lhr[]) => all.map((lhr) => score(lhr, 'performance')).join(' ');
      const median = medianOf(runs);
      // LIGHTHOUSE_REPORT_DIR=dir keeps the median run's full report (long tasks, layout shifts, requests).
      if (process.env.LIGHTHOUSE_REPORT_DIR && median) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${path.replace(/[^\w]+/g, '_') || '_'}.json`), JSON.stringify(median));
      }
      const metric = (id: string) => median?.audits[id]?.displayValue;
      results.push({
        url: baseline ? `${path} (baseline)` : path,
        performance: score(median, 'performance'),
        accessibility: score(median, 'accessibility'),
        bestPractices: score(median, 'best-practices'),
        seo: score(median, 'seo'),
        performanceRuns: scores(runs),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
        benchmarkIndex: median?.environment?.benchmarkIndex,
        withoutScripts: baseline ? null : score(medianOf(withoutScripts), 'performance'),
        withoutScriptsRuns: scores(withoutScripts),
        browser: LIGHTHOUSE_CHROMIUM_PATH,
        fullBrowser: fullBrowser ? score(medianOf(inFullBrowser), 'performance') : null,
        fullBrowserRuns: scores(inFullBrowser),
        fullBrowserWithoutScripts: fullBrowser && !baseline ? score(medianOf(inFullBrowserWithoutScripts), 'performance') : null,
        fullBrowserWithoutScriptsRuns: scores(inFullBrowserWithoutScripts),
      });
    }
    return results;
  } finally {
    await browser.close();
    await fullBrowser?.close();
  }
}

export interface PagesFigures {
  /** The first load of `/` (kept for reports of before issue 40, which measured only that page). */
  firstLoad: FirstLoadFigures;
  /** The first load of every public page of publicPages(), with its long tasks under the CPU slowdown. */
  firstLoads?: FirstLoadFigures[];
  /** Lighthouse's benchmark index of the host, just before the first loads and just after them. */
  benchmarkIndex?: Array<number | null>;
  lighthouse: LighthouseFigures[] | null;
}

/**
 * First load of each public page (JavaScript, long tasks under a 4x CPU slowdown, the same with scripts
 * blocked as the floor) with the host's benchmark index, then, when available, Lighthouse on those
 * pages (issues 23 and 40).
 */
export async function benchPages(port: number): Promise<PagesFigures> {
  const server = await startServer(port);
  try {
    const { firstLoads, benchmarkIndex, paths } = await benchFirstLoads(server.url);
    const lighthouse = await runLighthouse(server.url, paths, Number(process.env.LIGHTHOUSE_CHROME_PORT ?? 9333));
    return { firstLoad: firstLoads[0]!, firstLoads, benchmarkIndex, lighthouse };
  } finally {
    await server.stop();
  }
}

/** The first loads of the public pages on a running server, each also with its scripts blocked, between two benchmark indexes. */
export async function benchFirstLoads(baseUrl: string): Promise<{ firstLoads: FirstLoadFigures[]; benchmarkIndex: Array<number | null>; paths: string[] }> {
  const services = (await (await fetch(`${baseUrl}/api/services`)).json()) as Array<{ id: string }>;
  const paths = publicPages(services[0]?.id);
  const browser = await launchBrowser(CHROMIUM_PATH);
  try {
    const indexBefore = await measureBenchmarkIndex(browser);
    const firstLoads: FirstLoadFigures[] = [];
    for (const path of paths) {
      const figures = await measureFirstLoad(browser, baseUrl, path);
      figures.longTasksWithoutScripts = (await measureFirstLoad(browser, baseUrl, path, true)).longTasks;
      firstLoads.push(figures);
    }
    const indexAfter = await measureBenchmarkIndex(browser);
    return { firstLoads, benchmarkIndex: [indexBefore, indexAfter], paths };
  } finally {
    await browser.close();
  }
}
