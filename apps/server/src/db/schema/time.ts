/** Time-zone rule changes already applied to the stored booking instants (migration 0005, issue 20). */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * One row per change of a zone's rules that moved stored instants (e.g. 'africa-casablanca-utc0-2026-09-20').
 * The migration that moves them inserts its row in the same statement, so running it twice moves nothing.
 */
export const timeZoneRuleChanges = pgTable('time_zone_rule_changes', {
  id: text('id').primaryKey(),
  /** The IANA release whose rules the instants follow after the change. */
  dataVersion: text('data_version').notNull(),
  appliedAt: tstz('applied_at').notNull().defaultNow(),
});
