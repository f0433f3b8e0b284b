/** Notification preferences (docs/chat.md#notification-preferences): GET/PUT /api/profile/notifications. */
import { z } from 'zod';

export const notificationPreferencesSchema = z
  .object({
    email: z.boolean(),
    sms: z.boolean(),
    push: z.boolean(),
    whatsapp: z.boolean(),
    /** Whether the account has a phone number SMS can go to (the profile's phone). */
    smsReachable: z.boolean(),
    /** When and how WhatsApp was last turned on (null: never); when it was turned off (a STOP or the profile). */
    whatsappOptIn: z.object({ at: z.string(), source: z.string() }).nullable().optional(),
    whatsappOptedOutAt: z.string().nullable().optional(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesSchema>;

/** Any of the channels, at least one; nothing else (a typo is a 400, not a silent no-op). */
export const updateNotificationPreferencesSchema = z
  .strictObject({ email: z.boolean().optional(), sms: z.boolean().optional(), push: z.boolean().optional(), whatsapp: z.boolean().optional() })
  .refine((v) => v.email !== undefined || v.sms !== undefined || v.push !== undefined || v.whatsapp !== undefined, 'Choose at least one channel')
  .meta({ id: 'UpdateNotificationPreferences' });
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesSchema>;
