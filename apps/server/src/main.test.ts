import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * The real entry point as `npm start` runs it: embedded database under DATA_DIR, migrations, demo
 * seed, listen; data kept across restarts; SIGTERM finishes in-flight work and exits 0.
 */
const root = path.resolve(__dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khedma-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'development', DATABASE_URL: '', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitHealthy(port: number, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not healthy in time');
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

// The server under test runs on its own embedded database whatever the run: `npm run test:pg` would repeat it as is.
describe.skipIf(Boolean(inject('pgServerUrl')))('main.ts', () => {
  it('keeps data across a restart and shuts down cleanly on SIGTERM', async () => {
    const port = 3900 + (process.pid % 90);
    let child = start(port);
    await waitHealthy(port, child);
    const sent = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Restart Test', email: 'restart@example.ma', message: 'Is this still here after a restart?' }),
    });
    expect(sent.status).toBe(201);
    let exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    child = start(port);
    await waitHealthy(port, child);
    const outbox = (await (await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).json()) as Array<{ text: string }>;
    expect(outbox.some((m) => m.text.includes('Is this still here after a restart?'))).toBe(true);
    exited = exitOf(child);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 180_000);

  it('stops with exit code 1 and a clear message on a bad setting', async () => {
    const child = start(1, { PORT: 'not-a-port' });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('PORT');
  }, 60_000);
});
