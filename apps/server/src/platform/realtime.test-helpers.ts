import type { FastifyInstance } from 'fastify';

export interface WsClient {
  messages: Array<{ event: string; data: Record<string, unknown> }>;
  /** The close code once closed by the server (or us). */
  closed: Promise<number>;
  next(event: string, where?: (data: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  send(text: string): void;
  sendEvent(event: string, data: unknown): void;
  close(): void;
}

interface WsLike {
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'close', cb: (code: number) => void): void;
  send(data: string): void;
  terminate(): void;
}

export const ORIGIN = 'http://localhost:3000';

/** A WebSocket on the app (in process, no port), collecting the events it receives. */
export async function connectWs(app: FastifyInstance, headers: Record<string, string>, path = '/api/ws'): Promise<WsClient> {
  const messages: WsClient['messages'] = [];
  const waiters: Array<() => void> = [];
  let onClosed: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (onClosed = resolve));
  const ws = (await app.injectWS(path, { headers }, {
    onInit: (socket: WsLike) => {
      socket.on('message', (data: Buffer) => {
        messages.push(JSON.parse(String(data)));
        for (const w of waiters.splice(0)) w();
      });
      socket.on('close', (code: number) => onClosed(code));
    },
  } as never)) as unknown as WsLike;
  return {
    messages,
    closed,
    send: (text) => ws.send(text),
    sendEvent: (event, data) => ws.send(JSON.stringify({ event, data })),
    close: () => ws.terminate(),
    async next(event, where = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.event === event && where(m.data));
        if (found) return found.data;
        if (Date.now() > deadline) throw new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

/** Resolves to the close code, or rejects when the socket is still open after `timeoutMs`. */
export function closedWithin(client: WsClient, timeoutMs = 10_000): Promise<number> {
  return Promise.race([
    client.closed,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs)),
  ]);
}
