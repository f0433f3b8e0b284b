import { guarded, page, type FeatureRoute } from '../../lib/routing';
import { routes } from '../../config/paths';

export const pageRoutes: FeatureRoute[] = [
  guarded({ signedOutMessage: 'auth.guard.messages' }, [{ path: routes.chat, lazy: page(() => import('./pages/chat-page'), 'ChatPage', ['chat']) }]),
];
