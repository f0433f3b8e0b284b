/** The signed-in user's profile and avatar, their notification choices, GET /api/me, and the file routes of storage. */
import { defineModule } from '../../module';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { profileRoutes } from './profile.routes';

export const profileModule = defineModule('profile', async (app, { ctx }) => {
  await app.register(profileRoutes, { ctx });
  await app.register(notificationPreferencesRoutes, { ctx });
});
