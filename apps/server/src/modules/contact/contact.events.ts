/** Events the contact module emits (platform/events.ts). */
import type { Locale } from '@khedma/shared';
import type { Db } from '../../db/client';

declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * A contact-form message was stored; emitted inside its transaction (`tx`): the support module opens
     * its ticket with it (docs/support.md "Contact form").
     */
    'contact.received': { tx: Db; contactMessageId: string; name: string; email: string; message: string; userId: string | null; locale: Locale };
  }
}
