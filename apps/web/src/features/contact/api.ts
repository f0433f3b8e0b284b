/** The contact form's call (the contact module; docs/public-site.md). */
import type { ContactRequest } from '@khedma/shared';
import { api } from '../../lib/api';

/** API paths of the contact module. */
export const contactApiPaths = {
  send: '/api/contact',
} as const;

export const sendContactMessage = (body: ContactRequest) => api.post<{ id: string; message: string }>(contactApiPaths.send, body);
