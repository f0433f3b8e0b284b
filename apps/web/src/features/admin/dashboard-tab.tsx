/** The dashboard's admin tab (registered through lib/dashboard-tabs.tsx): metadata here, the panel lazily loaded. */
import { ShieldCheck } from 'lucide-react';
import { lazy } from 'react';
import type { DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

const AdminPanel = lazy(() => import('./components/admin-panel').then((m) => ({ default: m.AdminPanel })));

export const dashboardTab: DashboardTab = {
  id: 'admin',
  order: 50,
  icon: ShieldCheck,
  namespaces: ['admin'],
  useLabel: () => useTranslation('admin').t('tab.label'),
  visible: ({ permissions }) => permissions.includes('admin:access'),
  Panel: AdminPanel,
};
