/** Notification preferences (docs/chat.md#notification-preferences): GET/PUT /api/profile/notifications. */
import { z } from 'zod';

export const notificationPreferencesSchema = z
  .object({
    email: z.boolean(),
    sms: z.boolean(),
    push: z.boolean(),
    /** Whether the account has a phone number SMS can go to (the profile's phone). */
    smsReachable: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesSchema>;

/** Any of the three channels, at least one; nothing else (a typo is a 400, not a silent no-op). */
export const updateNotificationPreferencesSchema = z
  .strictObject({ email: z.boolean().optional(), sms: z.boolean().optional(), push: z.boolean().optional() })
  .refine((v) => v.email !== undefined || v.sms !== undefined || v.push !== undefined, 'Choose at least one channel')
  .meta({ id: 'UpdateNotificationPreferences' });
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesSchema>;
