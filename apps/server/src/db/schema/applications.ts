/** The onboarding wizard's draft: what an applicant entered so far, saved step by step on the server. */
import type { ApplicationDocumentKind, FinalDraft, WeeklyAvailabilityPlan } from '@khedma/shared';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './auth';

/** A document uploaded during the wizard: a private storage key, never a public URL. */
export interface DraftDocumentRecord {
  key: string;
  contentType: string;
  size: number;
  name: string;
  uploadedAt: string;
}

export interface ApplicationDraftData {
  personal?: { firstName: string; lastName: string; email: string; dateOfBirth: string };
  area?: { country: string; cityId: string; boroughIds: string[] };
  services?: { serviceIds: string[] };
  availability?: WeeklyAvailabilityPlan;
  documents?: Partial<Record<ApplicationDocumentKind, DraftDocumentRecord>>;
  final?: FinalDraft;
}

/** One draft per user; removed when the application is submitted (its documents move to it). */
export const applicationDrafts = pgTable('application_drafts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<ApplicationDraftData>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
