import { z } from 'zod';

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'push', 'whatsapp']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export const outboxResponseSchema = z.array(outboxMessageSchema);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/map: the booking map's tile server (a {z}/{x}/{y} URL template, absolute or on this site) and its attribution. */
export const mapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof mapConfigSchema>;
