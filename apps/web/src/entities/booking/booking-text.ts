import type { TFunction } from 'i18next';
import type { BookingDto } from './api';
import { isApiError } from '../../lib/api';
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

/** Where: the address given, or the city in the reader's language (the server stores the English city name when none was given). */
export function bookingLocation(booking: BookingDto, language: Language): string {
  const city = pickLocalized(booking.city.name, language);
  if (!booking.location || booking.location === booking.city.name.en) return city;
  return booking.location;
}

/**
 * The description, with the server's English defaults ("<service> service booking", "Booking with
 * <name>", docs/bookings.md) said in the reader's language.
 */
export function bookingDescription(booking: BookingDto, language: Language, t: TFunction<'booking'>): string {
  const service = booking.service;
  if (service && booking.description === `${service.name.en} service booking`) {
    return t('details.defaultDescription', { service: pickLocalized(service.name, language) });
  }
  if (booking.kind === 'hourly' && booking.description === `Booking with ${booking.professional.firstName}`) {
    return t('details.defaultHourlyDescription', { name: booking.professional.firstName });
  }
  return booking.description;
}

/**
 * Why a change of a booking (accept, decline, cancel, reschedule) failed, when no rule of its own
 * explains it: signed out meanwhile, "You must be logged in to update bookings" (SPEC §8); otherwise
 * "Failed to update booking. Please try again.".
 */
export function updateFailedMessage(error: unknown, t: TFunction<'booking'>): string {
  return isApiError(error) && error.isUnauthorized ? t('errors.loginToUpdate') : t('errors.updateFailed');
}
