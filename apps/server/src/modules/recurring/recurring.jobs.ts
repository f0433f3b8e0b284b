/** Durable jobs of recurring bookings (docs/recurring.md). */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/** The rolling window: every active series gets its visits of the next RECURRING_WINDOW_DAYS. One per hour across instances (dedupe key). */
export const RECURRING_WINDOW_JOB = defineJob('recurring.window', z.object({}));
/** One series' visits of the window, at once after its creation, resumption or change of time. */
export const RECURRING_SERIES_JOB = defineJob('recurring.series', z.object({ seriesId: z.string() }));
/**
 * An email about a series: a visit to pay, a visit its professional cannot take, the series declined, a new
 * series (to the professional), a visit paid and so confirmed (to the professional).
 */
export const RECURRING_NOTICE_JOB = defineJob(
  'recurring.notice',
  z.object({ seriesId: z.string(), seq: z.number().int().optional(), kind: z.enum(['ready', 'unavailable', 'declined', 'new_series', 'visit_confirmed']) }),
);
