import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Seo } from '../../../components/seo';
import { DataTable } from '../../../components/ui/data-table';
import { PageIntro } from '../../../components/ui/page-intro';
import { SearchInput } from '../../../components/ui/search-input';
import { paths } from '../../../config/paths';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/debounce';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminProfessionals } from '../api';
import { SuspensionBadge } from '../components/suspension-badge';

/** /admin/professionals (issue 41): every professional by name, with status, late arrivals and no-shows. */
export function AdminProfessionalsPage() {
  const { t } = useTranslation('lateness');
  const language = useLanguage();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);
  const list = useAdminProfessionals(q);
  return (
    <>
      <Seo title={t('admin.listTitle')} noindex />
      <PageIntro title={t('admin.listTitle')} lead={t('admin.listLead')} />
      <div className="container-page space-y-4 py-8">
        <SearchInput id="admin-professionals-search" label={t('admin.search')} placeholder={t('admin.search')} value={text} onChange={(e) => setText(e.target.value)} onClear={() => setText('')} className="max-w-md" />
        <DataTable
          query={list}
          columns={[
            { label: t('admin.name') },
            { label: t('admin.city') },
            { label: t('admin.status') },
            { label: t('admin.lateness') },
            { label: t('admin.noShows') },
            { label: t('admin.open'), srOnly: true },
          ]}
          isEmpty={(data) => data.items.length === 0}
          loadFailed={t('admin.loadFailed')}
          empty={t('admin.empty')}
          rows={(data) =>
            data.items.map((p) => (
              <tr key={p.professionalId}>
                <td className="px-4 py-3 font-semibold text-ink">
                  <bdi>{p.fullName}</bdi>
                </td>
                <td className="px-4 py-3 text-ink">{p.city ?? '–'}</td>
                <td className="px-4 py-3">
                  <SuspensionBadge status={p.status} />
                </td>
                <td className="px-4 py-3 tabular-nums text-ink">{formatNumber(p.counts.lateness, language)}</td>
                <td className="px-4 py-3 tabular-nums text-ink">{formatNumber(p.counts.noShows, language)}</td>
                <td className="px-4 py-3">
                  <Link to={paths.adminProfessional(p.professionalId)} className="font-semibold text-primary-700 underline">
                    {t('admin.open')}
                    <span className="sr-only"> <bdi>{p.fullName}</bdi></span>
                  </Link>
                </td>
              </tr>
            ))
          }
        />
      </div>
    </>
  );
}
