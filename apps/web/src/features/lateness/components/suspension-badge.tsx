import { StatusBadge } from '../../../components/ui/status-badge';
import { useTranslation } from '../../../lib/use-translation';

/** Active or suspended (issue 41), with the booking statuses' tones: confirmed green, cancelled red. */
export function SuspensionBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation('lateness');
  return <StatusBadge tone={status === 'active' ? 'confirmed' : 'cancelled'}>{t(`admin.statuses.${status}`)}</StatusBadge>;
}
