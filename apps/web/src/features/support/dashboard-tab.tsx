import { LifeBuoy } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's Support tab: the person's tickets; for the support team, a link to the queue too. */
export const dashboardTab: DashboardTab = {
  id: 'support',
  order: 80,
  icon: LifeBuoy,
  namespaces: ['support'],
  useLabel: () => useTranslation('support').t('tab'),
  visible: ({ permissions }) => permissions.includes('support:use') || permissions.includes('support:manage'),
  Panel: lazyPanel(() => import('./components/support-tab').then((m) => m.SupportTab), ['support']),
};
