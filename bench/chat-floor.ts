/**
 * The floor under the chat delivery bench (bench/README.md): the same shape as bench/chat.bench.ts
 * (1,000 sockets, a message every 10 ms for 60 s, from the sender's POST to the recipient's socket
 * having the event; client and server in separate processes) against a bare server with none of the
 * app (bench/chat-floor-server.mjs): `echo` (HTTP in, one socket write out) and `notify` (through
 * PostgreSQL's pg_notify and a LISTEN connection, as the app fans out). What the app adds is the
 * difference. `npm run bench:chat-floor`; sizes CHAT_BENCH_CONVERSATIONS, CHAT_BENCH_RATE,
 * CHAT_BENCH_SECONDS as for the chat bench; DATABASE_URL for the notify mode (default 127.0.0.1:5432).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import WebSocket from 'ws';
import { root } from './lib';

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const round = (n: number) => Math.round(n * 10) / 10;

export async function floor(mode: 'echo' | 'notify', port: number) {
  const conversations = Number(process.env.CHAT_BENCH_CONVERSATIONS ?? 500);
  const rate = Number(process.env.CHAT_BENCH_RATE ?? 100);
  const seconds = Number(process.env.CHAT_BENCH_SECONDS ?? 60);
  const child = spawn(process.execPath, [path.join(root, 'bench/chat-floor-server.mjs')], {
    env: { ...process.env, FLOOR_MODE: mode, FLOOR_PORT: String(port), DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const sockets: WebSocket[] = [];
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  try {
    // Two sockets per conversation, as in the chat bench; the second of each pair receives.
    for (let i = 0; i < conversations * 2; i++) {
      const who = `u${i}`;
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ws?who=${who}`);
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as { event: string; data: { messageId?: string } };
        if (m.event !== 'chat.message') return;
        const t0 = sentAt.get(m.data.messageId!);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      });
      await new Promise((resolve, reject) => {
        ws.once('message', resolve);
        ws.once('error', reject);
      });
      sockets.push(ws);
    }
    // Warm-up, not measured (the chat bench's set-up of 500 conversations warms its client the same way):
    // the first second of a cold client and server costs hundreds of milliseconds (connections, JIT).
    for (let k = 0; k < 300; k++) {
      await fetch(`${url}/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'warm', id: `w${k}` }) }).then((r) => r.text());
    }
    const total = rate * seconds;
    const inFlight: Array<Promise<unknown>> = [];
    const start = performance.now();
    for (let k = 0; k < total; k++) {
      const due = start + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = randomUUID();
      sentAt.set(id, performance.now());
      const to = `u${(k % conversations) * 2 + 1}`;
      inFlight.push(fetch(`${url}/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to, id }) }).then((r) => r.text()));
    }
    await Promise.all(inFlight);
    const deadline = Date.now() + 5_000;
    while (latencies.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const sorted = [...latencies].sort((x, y) => x - y);
    return { mode, sent: total, lost: total - latencies.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN) };
  } finally {
    for (const ws of sockets) ws.terminate();
    child.kill();
  }
}

// `npm run bench:chat-floor` runs both modes; `npm run bench` imports `floor` for the echo row beside the chat figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [await floor('echo', 3231), await floor('notify', 3232)];
  console.table(rows);
}
