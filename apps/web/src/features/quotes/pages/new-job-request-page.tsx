import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { JOB_QUOTE_RULES } from '@khedma/shared/domain/job-quotes';
import { addDays, localDateOf } from '@khedma/shared/domain/time';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useCities, useServices } from '../../../entities/catalog/api';
import { isApiError } from '../../../lib/api';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateJobRequest } from '../api';

type Errors = Partial<Record<'service' | 'city' | 'description' | 'address' | 'photos' | 'form', string>>;

/** /quotes/new?service=: a request for quotes on a job priced "on quote" (docs/job-quotes.md). */
export function NewJobRequestPage() {
  const { t } = useTranslation('quotes');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const services = useServices();
  const cities = useCities();
  const create = useCreateJobRequest();
  const onQuote = (services.data ?? []).filter((s) => s.onQuote);
  const [serviceId, setServiceId] = useState(params.get('service') ?? '');
  const [cityId, setCityId] = useState('');
  const [description, setDescription] = useState('');
  const [address, setAddress] = useState('');
  const [dates, setDates] = useState(['', '', '']);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const today = localDateOf(new Date());

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {
      service: onQuote.some((s) => s.id === serviceId) ? undefined : t('errors.service'),
      city: cityId ? undefined : t('errors.city'),
      description: description.trim().length >= JOB_QUOTE_RULES.descriptionMin ? undefined : t('errors.description'),
      address: address.trim().length >= JOB_QUOTE_RULES.addressMin ? undefined : t('errors.address'),
      photos: photos.length > JOB_QUOTE_RULES.photosMax ? t('errors.tooManyPhotos') : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    create.mutate(
      {
        body: { serviceTypeId: serviceId, cityId, description: description.trim(), address: address.trim(), preferredDates: dates.filter(Boolean) },
        photos,
      },
      {
        onSuccess: ({ request, refused }) => {
          toast.success(t('new.sent'));
          if (refused.length) toast.error(t('new.photosRefused', { names: refused.join(', ') }));
          void navigate(paths.jobRequest(request.id));
        },
        onError: (error) => {
          if (isApiError(error, 'RATE_LIMITED')) return setErrors({ form: t('new.tooMany') });
          const fields = isApiError(error) ? (error.fields ?? {}) : {};
          setErrors({
            service: fields.serviceTypeId ? t('errors.service') : undefined,
            city: fields.cityId ? t('errors.city') : undefined,
            description: fields.description ? t('errors.description') : undefined,
            address: fields.address ? t('errors.address') : undefined,
            form: t('new.failed'),
          });
        },
      },
    );
  }

  return (
    <div className="container-page max-w-2xl py-8 md:py-12">
      <Seo title={t('new.title')} noindex />
      <h1 className="text-3xl font-bold text-ink">{t('new.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('new.lead')}</p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-5 rounded-card border border-sand-200 bg-white p-5 md:p-6">
        <SelectField label={t('new.service')} required value={serviceId} error={errors.service ?? null} onChange={(e) => setServiceId(e.target.value)}>
          <option value="">{t('new.chooseService')}</option>
          {onQuote.map((s) => (
            <option key={s.id} value={s.id}>
              {pickLocalized(s.name, language)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('new.city')} required value={cityId} error={errors.city ?? null} onChange={(e) => setCityId(e.target.value)}>
          <option value="">{t('new.chooseCity')}</option>
          {(cities.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {pickLocalized(c.name, language)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('new.description')}
          hint={t('new.descriptionHint')}
          required
          rows={6}
          maxLength={JOB_QUOTE_RULES.descriptionMax}
          value={description}
          error={errors.description ?? null}
          onChange={(e) => setDescription(e.target.value)}
        />
        <TextField
          label={t('new.address')}
          hint={t('new.addressHint')}
          required
          autoComplete="street-address"
          maxLength={JOB_QUOTE_RULES.addressMax}
          value={address}
          error={errors.address ?? null}
          onChange={(e) => setAddress(e.target.value)}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{t('new.dates')}</legend>
          <p className="text-sm text-ink-muted">{t('new.datesHint')}</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {dates.map((d, i) => (
              <TextField
                key={i}
                type="date"
                label={t('new.date', { n: i + 1 })}
                min={addDays(today, 1)}
                max={addDays(today, 30)}
                value={d}
                onChange={(e) => setDates((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
              />
            ))}
          </div>
        </fieldset>
        <TextField
          type="file"
          label={t('new.photos')}
          hint={t('new.photosHint')}
          accept={JOB_QUOTE_RULES.photoTypes.join(',')}
          multiple
          error={errors.photos ?? null}
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
        />
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? t('new.submitting') : t('new.submit')}
        </Button>
      </form>
    </div>
  );
}
