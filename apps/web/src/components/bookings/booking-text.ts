import type { TFunction } from 'i18next';
import type { BookingDto } from '../../lib/bookings';
import { formatDuration } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { pickLocalized } from '../../lib/localized';

/**
 * A booking's title in the reader's language: the service's name for a catalogue booking; for an
 * hourly booking, "2h with Youssef" (the stored title is the server's English).
 */
export function bookingTitle(booking: BookingDto, language: Language, t: TFunction<'booking'>): string {
  if (booking.service) return pickLocalized(booking.service.name, language);
  if (booking.kind === 'hourly') {
    return t('details.hourlyTitle', { duration: formatDuration(booking.durationMinutes, language), name: booking.professional.firstName });
  }
  return booking.title;
}
