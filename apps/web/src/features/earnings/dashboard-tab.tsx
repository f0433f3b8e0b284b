import { Wallet } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's Earnings tab (professionals): the same panel as /earnings. */
export const dashboardTab: DashboardTab = {
  id: 'earnings',
  order: 40,
  icon: Wallet,
  namespaces: ['earnings'],
  useLabel: () => useTranslation('earnings').t('tab'),
  visible: ({ permissions }) => permissions.includes('earnings:read:own') && permissions.includes('services:manage:own'),
  Panel: lazyPanel(() => import('./components/earnings-panel').then((m) => m.EarningsPanel), ['earnings']),
};
