import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadResult {
  /** Requests answered in the run (for CPU per request). */
  requests?: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Loads one URL with autocannon from this process and returns the figures that matter. */
export async function load(url: string, opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 32,
    duration: opts.duration ?? 8,
    headers: opts.headers,
  });
  return {
    requests: r.requests.total,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** As scripts/lib.mjs gives the server under `npm start` (and the Dockerfile): see there. */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';
/** As scripts/lib.mjs SERVER_NODE_FLAGS: see there. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/** A process's resident set now, in MB (Linux /proc; null elsewhere or when it is gone). */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * The server's resident set once idle: it is left alone `seconds` (BENCH_IDLE_SECONDS, default 45) after
 * it answered, then read. Right after the start RSS is still the start-up's (migrations, the demo seed,
 * PGlite's file-system image, WebAssembly compiled): V8 gives that memory back on its first idle
 * collections, 20-40 s later on this host.
 */
export async function idleRssMb(pid: number | undefined, seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 45)): Promise<{ afterStart: number | null; idle: number | null; seconds: number }> {
  const afterStart = rssMb(pid);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return { afterStart, idle: rssMb(pid), seconds };
}

/** Samples a process's RSS every 250 ms until stop(), which gives the largest sample in MB. */
export function rssSampler(pid: number | undefined): { stop(): number | null } {
  let max = 0;
  const sample = () => {
    max = Math.max(max, rssMb(pid) ?? 0);
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return max || null;
    },
  };
}

export interface RunningServer {
  url: string;
  /** The server's process id (for CPU readings from /proc). */
  pid?: number;
  stop(): Promise<void>;
}

/**
 * CPU time (user + system, all threads) a process has used so far, in milliseconds, from
 * /proc/<pid>/stat (Linux); undefined where that cannot be read (another OS, a process gone).
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux build that matters (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time (ms) of each PostgreSQL backend serving database `db`, by pid, read through `admin`. */
export async function backendsCpu(admin: { query(sql: string, params: unknown[]): Promise<{ rows: Array<{ pid: number }> }> }, db: string): Promise<Map<number, number | undefined>> {
  const pids = (await admin.query('select pid from pg_stat_activity where datname = $1', [db])).rows.map((r) => r.pid);
  return new Map(pids.map((pid) => [pid, processCpuMs(pid)] as const));
}

/**
 * The CPU (ms) the backends of `after` spent since `before` (a backend that started meanwhile counts
 * whole), or null when one of them could not be read.
 */
export function cpuSince(before: ReadonlyMap<number, number | undefined>, after: ReadonlyMap<number, number | undefined>): number | null {
  let sum = 0;
  for (const [pid, ms] of after) {
    if (ms === undefined) return null;
    sum += ms - (before.get(pid) ?? 0);
  }
  return sum;
}

/** Starts the real server (built web app, migrations, demo seed) on a port, fresh PGlite unless DATABASE_URL is given. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khedma-bench-'));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (flags NODE_OPTIONS refuses).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // DATABASE_URL only when the caller asks for PostgreSQL: an exported one must not turn a PGlite run into a server run.
    // The allocator settings `npm start` and the Dockerfile give the server (scripts/lib.mjs MALLOC_TUNABLES).
    env: { GLIBC_TUNABLES: MALLOC_TUNABLES, ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  // A busy shared machine can take minutes to start the server (BENCH_START_TIMEOUT_S, default 300).
  const startSeconds = Number(process.env.BENCH_START_TIMEOUT_S ?? 300);
  const deadline = Date.now() + startSeconds * 1000;
  const fail = (message: string) => {
    // Not left running on the port (the next part would find it there).
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw fail(`server did not start in ${startSeconds} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
