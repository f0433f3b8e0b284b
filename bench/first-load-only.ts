import { startServer } from './lib';
import { benchFirstLoads } from './page.bench';

/**
 * `node --import tsx bench/first-load-only.ts`: the first loads of the public pages alone (JavaScript, long
 * tasks under a 4x CPU slowdown, the same with scripts blocked, the benchmark index before and after, and
 * the app's start by itself after the load with its JavaScript and long tasks),
 * printed without writing the report. FIRST_LOAD_PORT: the server's port (default 3205).
 */
const server = await startServer(Number(process.env.FIRST_LOAD_PORT ?? 3205));
try {
  const { firstLoads, benchmarkIndex } = await benchFirstLoads(server.url);
  console.log(`benchmark index before and after: ${benchmarkIndex.join(', ')}`);
  console.table(
    firstLoads.map((f) => ({
      page: f.url,
      scriptKB: +(f.scriptBytes / 1024).toFixed(1),
      scripts: f.scriptRequests,
      allKB: +(f.totalBytes / 1024).toFixed(1),
      longTasks: f.longTasks?.join(' ') || 'none',
      withoutScripts: f.longTasksWithoutScripts?.join(' ') || 'none',
      // Nothing done: the app started by the loader after the load (decision 0031), outside the first load.
      quietStartS: f.quietStart ? +(f.quietStart.afterLoadMs / 1000).toFixed(1) : '-',
      quietStartKB: f.quietStart ? +(f.quietStart.scriptBytes / 1024).toFixed(1) : '-',
      quietStartLongTasks: f.quietStart ? f.quietStart.longTasks.join(' ') || 'none' : '-',
    })),
  );
} finally {
  await server.stop();
}
