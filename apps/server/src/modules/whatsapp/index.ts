/** What other modules may use of WhatsApp's inbound side: its factory (app.ts). */
export { createWhatsappModule } from './whatsapp.module';
