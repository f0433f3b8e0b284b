import { chromium } from 'playwright';
import { CHROMIUM_PATH, CPU_SLOWDOWN, LONG_TASK_MS } from './page.bench';

/**
 * `node --import tsx bench/first-load-trace.ts URL [runs]`: a Chrome trace of URL's first load (fresh
 * profile, 390 px, CPU slowed down 4x, as bench/first-load-only.ts) and, for each main-thread task over
 * 50 ms, the time inside it by trace event (self time: an event's duration less its children's), as wall
 * time and as the thread's CPU time. CPU time does not grow when other processes share the cores, so it
 * compares runs on a loaded host better than the wall time; the slowdown adds only wall time.
 * TRACE_OUT=file keeps the last run's trace (open it in chrome://tracing or DevTools' Performance panel).
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
  cat?: string;
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'loading', 'devtools.timeline.frame', 'fonts', 'blink.user_timing'];

async function traceOnce(url: string): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await done;
    return events;
  } finally {
    await browser.close();
  }
}

/** The renderer main thread of the page (the CrRendererMain with the most events). */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const counts = new Map<string, number>();
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  for (const n of names) counts.set(`${n.pid}:${n.tid}`, 0);
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [pid, tid] = best![0].split(':').map(Number);
  return { pid: pid!, tid: tid! };
}

function attribute(events: TraceEvent[]) {
  const { pid, tid } = mainThread(events);
  const complete = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = complete.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  // top-level tasks only
  const top: TraceEvent[] = [];
  for (const t of tasks) if (!top.length || t.ts >= top[top.length - 1]!.ts + top[top.length - 1]!.dur!) top.push(t);
  const long = top.filter((t) => t.dur! / 1000 > LONG_TASK_MS);
  return long.map((task) => {
    const inside = complete.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask');
    // self time by name: each event's duration less its direct children's
    const self = new Map<string, { wall: number; cpu: number; n: number }>();
    const stack: TraceEvent[] = [];
    const selfOf = new Map<TraceEvent, { wall: number; cpu: number }>();
    for (const e of inside) {
      while (stack.length && e.ts >= stack[stack.length - 1]!.ts + stack[stack.length - 1]!.dur!) stack.pop();
      const parent = stack[stack.length - 1];
      selfOf.set(e, { wall: e.dur!, cpu: e.tdur ?? 0 });
      if (parent) {
        const p = selfOf.get(parent)!;
        p.wall -= e.dur!;
        p.cpu -= e.tdur ?? 0;
      }
      stack.push(e);
    }
    for (const [e, s] of selfOf) {
      const key = e.name;
      const cur = self.get(key) ?? { wall: 0, cpu: 0, n: 0 };
      cur.wall += s.wall;
      cur.cpu += s.cpu;
      cur.n += 1;
      self.set(key, cur);
    }
    const covered = [...self.values()].reduce((sum, s) => sum + s.wall, 0);
    const coveredCpu = [...self.values()].reduce((sum, s) => sum + s.cpu, 0);
    self.set('(task, untraced)', { wall: task.dur! - covered, cpu: (task.tdur ?? 0) - coveredCpu, n: 1 });
    const parts = [...self.entries()]
      .filter(([, s]) => s.wall >= 1000 || s.cpu >= 500)
      .sort((a, b) => b[1].wall - a[1].wall)
      .map(([name, s]) => `${name} ${Math.round(s.wall / 1000)}/${(s.cpu / 1000).toFixed(1)}${s.n > 1 ? ` x${s.n}` : ''}`);
    return { ms: Math.round(task.dur! / 1000), cpuMs: +((task.tdur ?? 0) / 1000).toFixed(1), parts };
  });
}

const GROUPS: Array<[string, RegExp]> = [
  ['font lookup', /^(FontDataManager|WebSandboxSupportLinux|FontCache|FontServiceThread|FontLoader|FontFace)/],
  ['shaping', /^InlineNode::Shape|Shap/],
  ['layout', /performLayout|^Layout$|UpdateLayout(?!Tree)/],
  ['style', /recalcStyle|UpdateLayoutTree|RuleSet|StyleEngine|rebuildLayoutTree|updateStyle|Style/],
  ['parse', /Parse|Parser|TextResourceDecoder|Tokenizer|Preload/],
  ['script', /EvaluateScript|FunctionCall|v8|V8|Compile|TimerFire/],
  ['paint', /Paint|Commit|PrePaint|Compositing|Raster|CullRect/],
];

/** The load's main-thread CPU (all tasks, not only long ones) by group, with the font lookups counted. */
function summary(events: TraceEvent[]) {
  const { pid, tid } = mainThread(events);
  const complete = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: TraceEvent[] = [];
  const selfOf = new Map<TraceEvent, number>();
  for (const e of complete) {
    while (stack.length && e.ts >= stack[stack.length - 1]!.ts + stack[stack.length - 1]!.dur!) stack.pop();
    const parent = stack[stack.length - 1];
    selfOf.set(e, e.tdur ?? 0);
    if (parent) selfOf.set(parent, selfOf.get(parent)! - (e.tdur ?? 0));
    stack.push(e);
  }
  const groups = new Map<string, number>();
  for (const [e, cpu] of selfOf) {
    const group = GROUPS.find(([, re]) => re.test(e.name))?.[0] ?? 'other';
    groups.set(group, (groups.get(group) ?? 0) + cpu);
  }
  const count = (re: RegExp) => complete.filter((e) => re.test(e.name)).length;
  return {
    cpuMs: Object.fromEntries([...groups.entries()].map(([k, v]) => [k, +(v / 1000).toFixed(1)])),
    familyMatches: count(/^FontDataManager::onMatchFamilyStyle$/),
    fallbackForCharacter: count(/^WebSandboxSupportLinux::GetFallbackFontForCharacter$/),
    layouts: count(/^LocalFrameView::performLayout$/),
    styleRecalcs: count(/^Document::recalcStyle$/),
  };
}

const url = process.argv[2];
if (!url) throw new Error('usage: bench/first-load-trace.ts URL [runs]');
const runs = Number(process.argv[3] ?? 1);
for (let i = 0; i < runs; i++) {
  const events = await traceOnce(url);
  if (process.env.TRACE_OUT && i === runs - 1) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
  }
  console.log(`run ${i + 1}: tasks over ${LONG_TASK_MS} ms (wall ms / thread CPU ms; parts: self time wall/CPU)`);
  for (const task of attribute(events)) console.log(`  ${task.ms} / ${task.cpuMs}: ${task.parts.join(', ')}`);
  console.log('  whole load:', JSON.stringify(summary(events)));
}
