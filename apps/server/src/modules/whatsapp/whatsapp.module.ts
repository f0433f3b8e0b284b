/**
 * WhatsApp's inbound side (docs/notifications.md#whatsapp): the webhook Meta calls for messages people
 * send to our number and for the status of ours. A "STOP" turns WhatsApp off for that number's accounts.
 * The sending side is platform/whatsapp.ts (ctx.whatsapp).
 */
import { defineModule } from '../../module';
import { whatsappWebhookRoutes } from './whatsapp-webhook.routes';

export const whatsappModule = defineModule('whatsapp', async (app, { ctx }) => {
  await app.register(whatsappWebhookRoutes, { ctx });
});
