import { MessageCircle } from 'lucide-react';
import { lazy } from 'react';
import type { DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's messages tab (docs/chat.md): the latest conversations, a link to /chat. */
export const dashboardTab: DashboardTab = {
  id: 'messages',
  order: 20,
  icon: MessageCircle,
  useLabel: () => useTranslation('chat').t('tab.label'),
  visible: ({ permissions }) => permissions.includes('chat:use'),
  Panel: lazy(() => import('./components/messages-tab').then((m) => ({ default: m.MessagesTab }))),
};
