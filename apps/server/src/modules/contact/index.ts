/** What other modules may use of contact: its factory and service (app.ts; the page's form uses the service too). */
export { createContactModule, type ContactModule } from './contact.module';
export type { ContactService } from './contact.service';
