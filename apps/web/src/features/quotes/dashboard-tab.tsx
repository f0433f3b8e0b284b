import { FileText } from 'lucide-react';
import { lazyPanel, type DashboardTab } from '../../lib/dashboard-tabs';
import { useTranslation } from '../../lib/use-translation';

/** The dashboard's quotes tab (docs/job-quotes.md): the customer's requests and, for professionals, requests to quote. */
export const dashboardTab: DashboardTab = {
  id: 'quotes',
  order: 25,
  icon: FileText,
  namespaces: ['quotes'],
  useLabel: () => useTranslation('quotes').t('tab.label'),
  visible: ({ permissions }) => permissions.includes('booking:create') || permissions.includes('booking:accept:own'),
  Panel: lazyPanel(() => import('./components/quotes-tab').then((m) => m.QuotesTab), ['quotes']),
};
