/** The signed-in user's profile and avatar, GET /api/me, and the file routes of storage. */
import { defineModule } from '../../platform/module';
import { profileRoutes } from './profile.routes';

export const profileModule = defineModule('profile', async (app, { ctx }) => {
  await app.register(profileRoutes, { ctx });
});
