/**
 * The realtime contract: one typed map of the events the server pushes over the WebSocket
 * `GET /api/ws`, and the schemas of the events clients send, shared by the server and the web app.
 * Each capability keeps its events in its own file here; this file only joins them.
 * How to connect and what a client must do: core.ts.
 */
import { z } from 'zod';
import type { BookingServerEvents } from './bookings';
import { chatClientEvents, type ChatServerEvents } from './chat';
import { coreClientEvents, type CoreServerEvents } from './core';
import type { PresenceServerEvents } from './presence';
import type { LatenessServerEvents } from './lateness';

export * from './core';
export * from './bookings';
export * from './presence';
export * from './chat';
export * from './lateness';

/** Server -> client events and their payloads. */
export interface RealtimeEventMap extends CoreServerEvents, BookingServerEvents, PresenceServerEvents, ChatServerEvents, LatenessServerEvents {}

export type RealtimeEventName = keyof RealtimeEventMap;

/** One frame as the client receives it. */
export type RealtimeMessage = { [E in RealtimeEventName]: { event: E; data: RealtimeEventMap[E] } }[RealtimeEventName];

/** Client -> server events and the schemas of their payloads (the server validates every frame). */
export const realtimeClientEvents = {
  ...coreClientEvents,
  ...chatClientEvents,
};

export type RealtimeClientEventName = keyof typeof realtimeClientEvents;
export type RealtimeClientEventMap = { [E in RealtimeClientEventName]: z.infer<(typeof realtimeClientEvents)[E]> };

/** One client frame: a known event name and an object payload (checked against its schema after). */
export const realtimeClientFrameSchema = z.object({
  event: z.string().min(1).max(64),
  data: z.unknown().optional(),
});

/** A client frame, parsed and validated: the event and its payload, or why it was refused. */
export function parseClientFrame(
  raw: string,
): { ok: true; event: RealtimeClientEventName; data: RealtimeClientEventMap[RealtimeClientEventName] } | { ok: false; event?: string; message: string } {
  // The bare text `ping` of earlier clients stays accepted.
  if (raw.trim() === 'ping') return { ok: true, event: 'ping', data: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'The message is not valid JSON.' };
  }
  const frame = realtimeClientFrameSchema.safeParse(json);
  if (!frame.success) return { ok: false, message: 'A message is {"event": <name>, "data": <payload>}.' };
  const { event } = frame.data;
  if (!Object.hasOwn(realtimeClientEvents, event)) return { ok: false, event, message: `Unknown event ${event}.` };
  const schema = realtimeClientEvents[event as RealtimeClientEventName];
  const data = schema.safeParse(frame.data.data ?? {});
  if (!data.success) return { ok: false, event, message: data.error.issues[0]?.message ?? 'Invalid payload.' };
  return { ok: true, event: event as RealtimeClientEventName, data: data.data };
}
