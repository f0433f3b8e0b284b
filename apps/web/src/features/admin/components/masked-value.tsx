import { Eye, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { RevealableField } from '@khedma/shared';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { revealField } from '../api';

/**
 * A value the server sent masked, with a Reveal button: a request of its own, checked and logged by
 * the server, which answers this one field. The revealed value lives in this component only.
 */
export function MaskedValue({ applicationId, field, masked, name, canReveal }: { applicationId: string; field: RevealableField; masked: string | null; name: string; canReveal: boolean }) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!masked) return <span className="text-ink-muted">{t('review.none')}</span>;
  async function reveal() {
    setBusy(true);
    try {
      const res = await revealField(applicationId, field);
      setValue(res.value ?? '');
    } catch {
      toast.error(t('common.revealFailed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <bdi dir="ltr" className="font-mono text-sm break-all" data-testid={`${field}-${applicationId}`}>
        {value ?? masked}
      </bdi>
      {value === null && canReveal ? (
        <button
          type="button"
          onClick={() => void reveal()}
          disabled={busy}
          aria-label={t('common.revealLabel', { field: t(`fields.${field}`), name })}
          className="inline-flex min-h-8 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-60"
        >
          {busy ? <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> : <Eye aria-hidden="true" className="size-3.5" />}
          {t('common.reveal')}
        </button>
      ) : null}
    </span>
  );
}
