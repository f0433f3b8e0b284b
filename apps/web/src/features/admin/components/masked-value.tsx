import type { RevealableField } from '@khedma/shared';
import { RevealableValue } from '../../../components/ui/revealable-value';
import { useTranslation } from '../../../lib/use-translation';
import { revealField } from '../api';

/** One field of an application, masked by the server, with Reveal (checked and logged by the server). */
export function MaskedValue({ applicationId, field, masked, name, canReveal }: { applicationId: string; field: RevealableField; masked: string | null; name: string; canReveal: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <RevealableValue
      masked={masked}
      reveal={() => revealField(applicationId, field)}
      canReveal={canReveal}
      revealText={t('common.reveal')}
      revealLabel={t('common.revealLabel', { field: t(`fields.${field}`), name })}
      noneText={t('review.none')}
      failedText={t('common.revealFailed')}
      testId={`${field}-${applicationId}`}
    />
  );
}
