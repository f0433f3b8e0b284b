import { useId, useState, type FormEvent } from 'react';
import { CATEGORIES, CATEGORY_INFO } from '@khedma/shared';
import type { CreatePromoCodeRequest } from '@khedma/shared/schemas/promos';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { FieldError, FormAlert } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { useCities } from '../../../entities/catalog/api';
import { isApiError } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useCreatePromoCode, usePromoCodes, useSetPromoActive } from '../api';

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  firstBookingOnly: boolean;
  cityId: string;
  category: string;
  maxUses: string;
  maxUsesPerCustomer: string;
}
const EMPTY: Draft = { code: '', kind: 'percent', value: '', maxDiscount: '', startsAt: '', endsAt: '', firstBookingOnly: false, cityId: '', category: '', maxUses: '', maxUsesPerCustomer: '' };
const num = (v: string) => (v.trim() === '' ? null : Number(v));
/** A date field (Casablanca's day, UTC+0 since 2026-09-20) as the start of that day. */
const day = (v: string) => (v ? new Date(`${v}T00:00:00Z`).toISOString() : null);
const input = 'min-h-11 w-full rounded-xl border border-sand-500 bg-white px-3 text-base text-ink';

/** /admin/promo-codes (promo:manage): create a code, see each one's uses, deactivate it (docs/promos.md). */
export function AdminPromoCodesPage() {
  const { t } = useTranslation('promos');
  const language = useLanguage();
  const codes = usePromoCodes();
  const create = useCreatePromoCode();
  const setActive = useSetPromoActive();
  const cities = useCities();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const idp = useId();
  const id = (n: string) => `${idp}-${n}`;
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailed(null);
    const body: CreatePromoCodeRequest = {
      code: draft.code,
      kind: draft.kind,
      value: Number(draft.value || 0),
      maxDiscount: num(draft.maxDiscount),
      startsAt: day(draft.startsAt),
      endsAt: day(draft.endsAt),
      firstBookingOnly: draft.firstBookingOnly,
      cityId: draft.cityId || null,
      category: (draft.category || null) as CreatePromoCodeRequest['category'],
      maxUses: num(draft.maxUses),
      maxUsesPerCustomer: num(draft.maxUsesPerCustomer),
    };
    try {
      await create.mutateAsync(body);
      toast.success(t('admin.created'));
      setDraft(EMPTY);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length) setErrors(error.fields);
      else setFailed(isApiError(error) ? error.message : t('admin.saveFailed'));
    }
  }

  const text = (name: keyof Draft, label: string, type = 'text', extra?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id(name)} className="text-sm font-semibold text-ink">
        {label} {extra ? <span className="font-normal text-ink-muted">{extra}</span> : null}
      </label>
      <input
        id={id(name)}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        value={draft[name] as string}
        onChange={(e) => set(name, e.target.value as never)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id(name)}-error` : undefined}
        className={input}
      />
      <FieldError id={`${id(name)}-error`} message={errors[name]} />
    </div>
  );

  return (
    <>
      <Seo title={t('admin.title')} noindex />
      <PageIntro title={t('admin.title')} lead={t('admin.lead')} />
      <div className="container-page space-y-8 py-8">
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 rounded-card border border-sand-200 bg-white p-4 sm:grid-cols-2 md:p-6 lg:grid-cols-3">
          {text('code', t('admin.code'))}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id('kind')} className="text-sm font-semibold text-ink">
              {t('admin.kind')}
            </label>
            <select id={id('kind')} value={draft.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])} className={input}>
              <option value="percent">{t('admin.percent')}</option>
              <option value="amount">{t('admin.amount')}</option>
            </select>
          </div>
          {text('value', t('admin.value'), 'number')}
          {text('maxDiscount', t('admin.maxDiscount'), 'number', t('admin.optional'))}
          {text('startsAt', t('admin.startsAt'), 'date', t('admin.optional'))}
          {text('endsAt', t('admin.endsAt'), 'date', t('admin.optional'))}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id('cityId')} className="text-sm font-semibold text-ink">
              {t('admin.city')}
            </label>
            <select id={id('cityId')} value={draft.cityId} onChange={(e) => set('cityId', e.target.value)} className={input}>
              <option value="">{t('admin.any')}</option>
              {(cities.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {pickLocalized(c.name, language)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id('category')} className="text-sm font-semibold text-ink">
              {t('admin.category')}
            </label>
            <select id={id('category')} value={draft.category} onChange={(e) => set('category', e.target.value)} className={input}>
              <option value="">{t('admin.any')}</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {pickLocalized(CATEGORY_INFO[c].name, language)}
                </option>
              ))}
            </select>
          </div>
          {text('maxUses', t('admin.maxUses'), 'number', t('admin.optional'))}
          {text('maxUsesPerCustomer', t('admin.maxUsesPerCustomer'), 'number', t('admin.optional'))}
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
            <input type="checkbox" checked={draft.firstBookingOnly} onChange={(e) => set('firstBookingOnly', e.target.checked)} className="size-5" />
            {t('admin.firstBookingOnly')}
          </label>
          <div className="flex items-end sm:col-span-2 lg:col-span-3">
            <Button type="submit" variant="accent" disabled={create.isPending}>
              {create.isPending ? t('admin.creating') : t('admin.create')}
            </Button>
          </div>
          {failed ? <FormAlert className="sm:col-span-2 lg:col-span-3">{failed}</FormAlert> : null}
        </form>

        {codes.isError ? (
          <FormAlert>{t('admin.loadFailed')}</FormAlert>
        ) : codes.data && codes.data.length === 0 ? (
          <p className="text-ink-muted">{t('admin.empty')}</p>
        ) : (
          <ul className="space-y-3" aria-busy={codes.isLoading || undefined}>
            {(codes.data ?? []).map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-sand-200 bg-white p-4">
                <div className="min-w-0">
                  <p className="font-mono text-lg font-bold text-ink" dir="ltr">
                    {p.code}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {p.kind === 'percent' ? `${p.value}%` : formatMoney(p.value)}
                    {p.maxDiscount ? ` · ≤ ${formatMoney(p.maxDiscount)}` : ''}
                    {p.endsAt ? ` · ${t('admin.endsAt')} ${formatDate(p.endsAt, language)}` : ''}
                    {p.firstBookingOnly ? ` · ${t('admin.firstBookingOnly')}` : ''}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {t('admin.uses')}: {p.uses}
                    {p.maxUses ? ` / ${p.maxUses}` : ''} · {p.active ? t('admin.active') : t('admin.inactive')}
                  </p>
                </div>
                <Button variant={p.active ? 'danger' : 'secondary'} disabled={setActive.isPending} onClick={() => setActive.mutate({ id: p.id, active: !p.active })}>
                  {p.active ? t('admin.deactivate') : t('admin.activate')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
