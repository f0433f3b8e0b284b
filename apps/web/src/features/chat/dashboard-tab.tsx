import { MessageCircle } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's messages tab (docs/chat.md): the latest conversations, a link to /chat. */
export const dashboardTab: DashboardTab = {
  id: 'messages',
  order: 20,
  icon: MessageCircle,
  namespaces: ['chat'],
  useLabel: () => useTranslation('chat').t('tab.label'),
  visible: ({ permissions }) => permissions.includes('chat:use'),
  Panel: lazyPanel(() => import('./components/messages-tab').then((m) => m.MessagesTab), ['chat']),
};
