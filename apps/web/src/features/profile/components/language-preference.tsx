import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../lib/toast';
import { SelectField } from '../../../components/ui/field';
import { isLanguage, LANGUAGES, setLanguage, type Language } from '../../../lib/i18n';
import { useUpdateProfile } from '../api';

/**
 * The language kept on the profile (en, fr, ar): the emails and SMS sent to the user use it, and the
 * site switches to it as well.
 */
export function LanguagePreference({ locale }: { locale: Language }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const update = useUpdateProfile();
  const id = useId();

  const onChange = (value: string) => {
    if (!isLanguage(value) || value === locale) return;
    update.mutate(
      { locale: value },
      {
        onSuccess: () => {
          void setLanguage(value).catch(() => undefined);
          toast.success(t('language.saved'));
        },
        onError: () => toast.error(t('language.failed')),
      },
    );
  };

  return (
    <SelectField id={id} label={t('language.label')} hint={t('language.hint')} value={locale} disabled={update.isPending} onChange={(e) => onChange(e.target.value)}>
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {tShell(`language.${language}`)}
        </option>
      ))}
    </SelectField>
  );
}
