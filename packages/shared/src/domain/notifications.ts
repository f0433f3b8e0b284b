/**
 * Per-channel notification choices (docs/chat.md#notification-preferences, issue 26): each user picks,
 * per channel, whether the product tells them about their bookings and messages that way. Checked by
 * every notification job when it runs, so a choice made after a job was queued still holds.
 * Account and security messages (email confirmation, password reset, phone codes, sign-in) are not
 * notifications: they are always sent.
 */

/** outbox.channel. */
export const OUTBOX_CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationPreferences = Record<NotificationChannel, boolean>;

/**
 * Until a user chooses: email and push on (push only reaches a browser the user allowed), SMS off:
 * a text message costs money and is opt-in, as Morocco's CNDP expects for direct messages by SMS.
 * WhatsApp off too: Meta's policy asks for an explicit opt-in, recorded with when and how
 * (docs/notifications.md), and an inbound "STOP" turns it off again.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = Object.freeze({ email: true, sms: false, push: true, whatsapp: false });
