// The floor of bench/chat-floor.ts: a bare server in its own process (as the app's instances are), with
// nothing of the app. FLOOR_MODE=echo: an HTTP POST /send {to, id} writes {event, data:{messageId}} to
// the socket registered as `to` (what the app's instance does after storing a message, minus the
// database). FLOOR_MODE=notify: the same POST goes through PostgreSQL first: pg_notify on one
// connection, heard by a LISTEN connection that writes to the socket (the app's NOTIFY round trip,
// minus the session check, the membership read, the insert and the JSON validation).
import http from 'node:http';
import pg from 'pg';
import { WebSocketServer } from 'ws';

const port = Number(process.env.FLOOR_PORT ?? 3231);
const mode = process.env.FLOOR_MODE ?? 'echo';
const sockets = new Map();
let notifier;
if (mode === 'notify') {
  const listen = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listen.connect();
  await listen.query('LISTEN floor');
  listen.on('notification', (n) => {
    const { to, id } = JSON.parse(n.payload);
    sockets.get(to)?.send(JSON.stringify({ event: 'chat.message', data: { messageId: id } }));
  });
  notifier = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
}
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    const { to, id } = JSON.parse(body);
    if (notifier) await notifier.query('select pg_notify($1, $2)', ['floor', JSON.stringify({ to, id })]);
    else sockets.get(to)?.send(JSON.stringify({ event: 'chat.message', data: { messageId: id } }));
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
  });
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (ws, req) => {
  const who = new URL(req.url, 'http://x').searchParams.get('who');
  sockets.set(who, ws);
  ws.send(JSON.stringify({ event: 'ready', data: {} }));
  ws.on('close', () => sockets.delete(who));
});
server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
