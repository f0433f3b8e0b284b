import { Check, Copy, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { REFERRAL_CREDIT_MAD } from '@khedma/shared/domain/promos';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useReferral } from '../api';

/** The dashboard's "Invite friends" panel: the link, copy and WhatsApp buttons, the credit (docs/promos.md). */
export function ReferralPanel() {
  const { t } = useTranslation('promos');
  const referral = useReferral();
  const [copied, setCopied] = useState(false);
  const amount = formatMoney(REFERRAL_CREDIT_MAD);
  if (referral.isError) return <FormAlert>{t('referral.loadFailed')}</FormAlert>;
  const data = referral.data;
  if (!data) return <div className="h-40 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />;
  const url = `${window.location.origin}${data.path}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(t('referral.shareText', { amount, url }))}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t('referral.copied'));
    } catch {
      // No clipboard (insecure context): the link stays selectable in the field.
    }
  }

  return (
    <section aria-labelledby="referral-heading" className="space-y-5">
      <div>
        <h2 id="referral-heading" className="text-xl font-bold text-ink">
          {t('referral.title', { amount })}
        </h2>
        <p className="mt-1 text-ink-muted">{t('referral.lead', { amount })}</p>
      </div>
      <div className="rounded-card border border-sand-200 bg-white p-4 md:p-6">
        <label htmlFor="referral-link" className="text-sm font-semibold text-ink">
          {t('referral.link')}
        </label>
        <input id="referral-link" readOnly value={url} dir="ltr" onFocus={(e) => e.target.select()} className="mt-1.5 min-h-11 w-full rounded-xl border border-sand-500 bg-sand-50 px-3 text-base text-ink" />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? t('referral.copied') : t('referral.copy')}
          </Button>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary' })}>
            <MessageCircle aria-hidden="true" className="size-4" />
            {t('referral.whatsapp')}
          </a>
        </div>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ['balance', formatMoney(data.creditBalance), 'referral-balance'],
            ['referred', String(data.referred), undefined],
            ['rewarded', String(data.rewarded), undefined],
          ] as const
        ).map(([key, value, testId]) => (
          <div key={key} className="rounded-card border border-sand-200 bg-white p-4">
            <dt className="text-sm text-ink-muted">{t(`referral.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
