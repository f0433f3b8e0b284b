import { Repeat } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's Recurring tab: the customer's series, or the professional's (docs/recurring.md). */
export const dashboardTab: DashboardTab = {
  id: 'recurring',
  order: 15,
  icon: Repeat,
  namespaces: ['recurring'],
  useLabel: () => useTranslation('recurring').t('tab'),
  visible: ({ user }) => user.userType === 'customer' || user.userType === 'pro',
  Panel: lazyPanel(() => import('./components/series-list').then((m) => m.SeriesList), ['recurring']),
};
