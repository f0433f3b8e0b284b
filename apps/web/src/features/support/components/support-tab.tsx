import { Inbox } from 'lucide-react';
import type { DashboardTabViewer } from '../../../lib/dashboard-tabs';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { SupportPanel } from '../pages/support-page';

/** The dashboard's Support tab: an admin of the support team gets the queue; everyone else their tickets. */
export function SupportTab({ user, permissions }: DashboardTabViewer) {
  const { t } = useTranslation('support');
  if (user.userType === 'admin') {
    return permissions.includes('support:manage') ? (
      <ButtonLink to={paths.adminSupport()} variant="primary">
        <Inbox aria-hidden="true" className="size-4" />
        {t('admin.link')}
      </ButtonLink>
    ) : null;
  }
  return <SupportPanel />;
}
