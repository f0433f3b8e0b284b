import type { AssignmentService } from './assignment.service';
import type { BookingReads } from './reads.service';
import type { BookingReminders } from './reminders.service';
import type { CreationService } from './creation.service';
import type { LifecycleService } from './lifecycle.service';
import type { QuoteService } from './quote.service';
import type { RescheduleOptionsService } from './reschedule-options.service';

/** What the bookings module offers the modules above it (handed over by app.ts) and its routes: its use cases. */
export interface BookingUseCases {
  quotes: QuoteService;
  assignment: AssignmentService;
  creation: CreationService;
  lifecycle: LifecycleService;
  reads: BookingReads;
  rescheduleOptions: RescheduleOptionsService;
  /** Reminders the evening before and two hours before (scheduled with each confirmation). */
  reminders: BookingReminders;
}
