/** The dashboard's admin tab (registered through lib/dashboard-tabs.tsx): metadata here, the panel lazily loaded. */
import { ShieldCheck } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

export const dashboardTab: DashboardTab = {
  id: 'admin',
  order: 50,
  icon: ShieldCheck,
  namespaces: ['admin'],
  useLabel: () => useTranslation('admin').t('tab.label'),
  visible: ({ permissions }) => permissions.includes('admin:access'),
  Panel: lazyPanel(() => import('./components/admin-panel').then((m) => m.AdminPanel), ['admin']),
};
