import { describe, expect, it } from 'vitest';
import { updateNotificationPreferencesSchema } from '../schemas/notifications';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CHANNELS } from './notifications';

describe('notification preferences', () => {
  it('has a default for every channel: email and push on, SMS and WhatsApp opt-in', () => {
    expect(Object.keys(DEFAULT_NOTIFICATION_PREFERENCES).sort()).toEqual([...NOTIFICATION_CHANNELS].sort());
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toEqual({ email: true, sms: false, push: true, whatsapp: false });
  });

  it('an update names at least one channel, booleans only, nothing else', () => {
    expect(updateNotificationPreferencesSchema.safeParse({ sms: true }).success).toBe(true);
    expect(updateNotificationPreferencesSchema.safeParse({ email: false, sms: true, push: false }).success).toBe(true);
    for (const bad of [{}, { email: 'false' }, { push: 0 }, { sms: null }, { email: true, userId: 'someone' }, null, 'email']) {
      expect(updateNotificationPreferencesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
