import { CATEGORIES, type Category, type ServiceTypeSummary } from '@khedma/shared';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';

/** A service filter value: '' (all), 'category:<slug>' (every service of a category) or a service id. */
export type ServiceFilter = string;
export const categoryFilter = (c: Category) => `category:${c}`;
export function serviceFilterQuery(value: ServiceFilter): { service?: string; category?: string } {
  if (!value) return {};
  return value.startsWith('category:') ? { category: value.slice('category:'.length) } : { service: value };
}

/** <option>s of a service filter: all, then per category "All <category>" and its services. */
export function ServiceOptions({ services }: { services: readonly ServiceTypeSummary[] }) {
  const { t } = useTranslation('pros');
  const { t: tc } = useTranslation('catalog');
  const language = useLanguage();
  return (
    <>
      <option value="">{t('filters.allServices')}</option>
      {CATEGORIES.map((category) => {
        const inCategory = services.filter((s) => s.category === category);
        if (inCategory.length === 0) return null;
        const label = tc(`categories.${category}`, { defaultValue: category });
        return (
          <optgroup key={category} label={label}>
            <option value={categoryFilter(category)}>{t('filters.allOfCategory', { category: label })}</option>
            {inCategory.map((s) => (
              <option key={s.id} value={s.id}>
                {pickLocalized(s.name, language)}
              </option>
            ))}
          </optgroup>
        );
      })}
    </>
  );
}

/** The label of a service filter value (for chips). */
export function useServiceFilterLabel(services: readonly ServiceTypeSummary[]) {
  const { t } = useTranslation('pros');
  const { t: tc } = useTranslation('catalog');
  const language = useLanguage();
  return (value: ServiceFilter) => {
    if (value.startsWith('category:')) return tc(`categories.${value.slice(9)}`, { defaultValue: value.slice(9) });
    const s = services.find((x) => x.id === value);
    return s ? pickLocalized(s.name, language) : t('filters.service');
  };
}
