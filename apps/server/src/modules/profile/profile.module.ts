/** The signed-in user's profile and avatar, their notification choices, GET /api/me, and the file routes of storage. */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { profileRoutes } from './profile.routes';

export function createProfileModule(ctx: AppContext): AppModule {
  const plugin = modulePlugin('profile', async (app) => {
    await app.register(profileRoutes, { ctx });
    await app.register(notificationPreferencesRoutes, { ctx });
  });
  return { plugin };
}
