import { Gift } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's "Invite friends" tab (customers and professionals who book): link, share buttons, credit. */
export const dashboardTab: DashboardTab = {
  id: 'referrals',
  order: 80,
  icon: Gift,
  namespaces: ['promos'],
  useLabel: () => useTranslation('promos').t('referral.tab'),
  visible: ({ user, permissions }) => user.userType !== 'admin' && permissions.includes('booking:create'),
  Panel: lazyPanel(() => import('./components/referral-panel').then((m) => m.ReferralPanel), ['promos']),
};
