import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../lib/toast';
import { profileFormSchema, type Profile } from '@khedma/shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useCities } from '../../../entities/catalog/api';
import { useUpdateProfile } from '../api';

/**
 * Update Profile (docs/accounts.md): full name, phone (Moroccan rule), City (the profile's location, chosen
 * from the served cities), a business's ICE (printed on its invoices) and about me. Trimmed, empty as null, same schema as the server.
 * Remount it (key) when the saved profile changes so it shows what was stored.
 */
export function ProfileForm({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const cities = useCities();
  const language = currentLanguage();
  const form = useSchemaForm({
    initial: {
      full_name: profile?.full_name ?? '',
      phone: profile?.phone ?? '',
      location: profile?.location ?? '',
      about_me: profile?.about_me ?? '',
      ice: profile?.ice ?? '',
    },
    schema: profileFormSchema,
    idPrefix: 'profile',
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || update.isPending) return;
    update.mutate(data, {
      onSuccess: () => toast.success(t('form.success')),
      onError: (error) => {
        if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length) {
          form.setServerErrors(error.fields);
        } else if (isApiError(error) && error.status === 401) {
          toast.error(t('form.unauthenticated'));
        } else if (isApiError(error) && error.status >= 500) {
          // The server failed, not the form: nothing the reader typed is wrong.
          toast.error(t('form.unexpected'));
        } else {
          toast.error(t('form.failed'));
        }
      },
    });
  };

  const location = form.values.location;
  const cityList = cities.data ?? [];
  // A location typed before cities were a list (or a city no longer served) stays selectable.
  const known = cityList.some((c) => c.name.en === location);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={update.isPending}>
      <TextField {...form.field('full_name')} label={t('form.fullName')} autoComplete="name" />
      <TextField
        {...form.field('phone')}
        label={t('form.phone')}
        hint={t('form.phoneHint')}
        labelExtra={t('form.optional')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+212 6 12 34 56 78"
        dir="ltr"
        className="rtl:text-end"
      />
      <SelectField
        {...form.field('location')}
        label={t('form.city')}
        labelExtra={t('form.optional')}
        hint={cities.isError ? t('form.citiesFailed') : undefined}
        disabled={cities.isPending && !location}
      >
        <option value="">{cities.isPending ? t('form.citiesLoading') : t('form.cityPlaceholder')}</option>
        {location && !known ? <option value={location}>{location}</option> : null}
        {cityList.map((city) => (
          <option key={city.id} value={city.name.en}>
            {city.name[language]}
          </option>
        ))}
      </SelectField>
      <TextField
        {...form.field('ice')}
        label={t('form.ice')}
        hint={t('form.iceHint')}
        labelExtra={t('form.optional')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={15}
        dir="ltr"
        className="rtl:text-end"
      />
      <TextAreaField {...form.field('about_me')} label={t('form.aboutMe')} labelExtra={t('form.optional')} hint={t('form.aboutMeHint')} rows={4} maxLength={1000} />
      <Button type="submit" size="lg" disabled={update.isPending} className="w-full sm:w-auto sm:self-start">
        {update.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
