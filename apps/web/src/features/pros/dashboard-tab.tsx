import { Wrench } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's Services tab: an approved professional's services, areas, hours and days off (as /pro-profile). */
export const dashboardTab: DashboardTab = {
  id: 'services',
  order: 30,
  icon: Wrench,
  namespaces: ['pros', 'catalog'],
  useLabel: () => useTranslation('pros').t('settings.tab'),
  // A professional's tab: a super_admin holds the permissions but has no professional record (its calls would answer 403).
  visible: ({ user, permissions }) => user.userType === 'pro' && permissions.includes('services:manage:own'),
  Panel: lazyPanel(() => import('./components/services-tab').then((m) => m.ServicesTab), ['pros', 'catalog']),
};
