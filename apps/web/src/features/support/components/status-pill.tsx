import type { SupportStatus } from '@khedma/shared/domain/support';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { useTranslation } from '../../../lib/use-translation';

/** Whose turn it is, in colour, icon and word: open (support's) yellow, waiting for you blue, settled green. */
const TONES: Record<SupportStatus, StatusTone> = { open: 'pending', waiting_for_user: 'confirmed', resolved: 'completed', closed: 'completed' };

export function SupportStatusPill({ status }: { status: SupportStatus }) {
  const { t } = useTranslation('support');
  return (
    <span data-testid="support-status" data-status={status}>
      <StatusBadge tone={TONES[status]}>{t(`status.${status}`)}</StatusBadge>
    </span>
  );
}
