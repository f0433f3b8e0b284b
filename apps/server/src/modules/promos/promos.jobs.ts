/** The promos module's durable jobs (platform/jobs.ts). */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

/** After a referred customer's completed booking: both sides' credit (referrals.service.ts reward). */
export const REFERRAL_REWARD_JOB = defineJob('referral.reward', z.object({ bookingId: z.string().min(1) }));
