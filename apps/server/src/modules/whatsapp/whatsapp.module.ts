/**
 * WhatsApp's inbound side (docs/notifications.md#whatsapp): the webhook Meta calls for messages people
 * send to our number and for the status of ours. A "STOP" turns WhatsApp off for that number's accounts.
 * The sending side is platform/whatsapp.ts (ctx.whatsapp).
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import type { NotificationPreferencesStore } from '../profile';
import { whatsappWebhookRoutes } from './webhook.routes';

export function createWhatsappModule(ctx: AppContext, { preferences }: { preferences: Pick<NotificationPreferencesStore, 'whatsappStop'> }): AppModule {
  const plugin = modulePlugin('whatsapp', async (app) => {
    await app.register(whatsappWebhookRoutes, { ctx, preferences });
  });
  return { plugin };
}
