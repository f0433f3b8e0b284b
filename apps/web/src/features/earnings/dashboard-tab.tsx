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
  // A professional's tab: a super_admin holds the permissions but has no professional record (its calls would answer 403).
  visible: ({ user, permissions }) => user.userType === 'pro' && permissions.includes('earnings:read:own') && permissions.includes('services:manage:own'),
  Panel: lazyPanel(() => import('./components/earnings-panel').then((m) => m.EarningsPanel), ['earnings']),
};
