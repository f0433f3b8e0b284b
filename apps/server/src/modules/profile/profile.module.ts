/** The signed-in user's profile and avatar, their notification choices, GET /api/me, and the file routes of storage. */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { NotificationPreferencesStore } from './notification-preferences.repository';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { profileRoutes } from './profile.routes';

export interface ProfileModule extends AppModule {
  /** The notification choices' store (its table's one writer, with auth's phone sign-up and WhatsApp's STOP through it). */
  preferences: NotificationPreferencesStore;
}

export function createProfileModule(ctx: AppContext): ProfileModule {
  const preferences = new NotificationPreferencesStore(ctx.database.db);
  const plugin = modulePlugin('profile', async (app) => {
    await app.register(profileRoutes, { ctx });
    await app.register(notificationPreferencesRoutes, { ctx, store: preferences });
  });
  return { plugin, preferences };
}
