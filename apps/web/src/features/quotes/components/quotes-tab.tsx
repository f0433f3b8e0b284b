import { Link } from 'react-router';
import type { JobRequestDto } from '@khedma/shared/schemas/job-quotes';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../components/ui/button';
import type { DashboardTabViewer } from '../../../lib/dashboard-tabs';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useTranslation } from '../../../lib/use-translation';
import { useMyJobRequests, useProJobRequests } from '../api';
import { QuoteStatus } from './request-parts';

function Requests({ items, href }: { items: JobRequestDto[]; href: (id: string) => string }) {
  const language = useLanguage();
  return (
    <ul className="mt-3 space-y-2">
      {items.slice(0, 5).map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sand-200 bg-white p-3">
          <Link to={href(r.id)} className="font-semibold text-primary-700 underline">
            {pickLocalized(r.service.name, language)} · {pickLocalized(r.city.name, language)}
          </Link>
          <QuoteStatus status={r.quotes[0] && href === paths.proJobRequest ? r.quotes[0].status : r.status} />
        </li>
      ))}
    </ul>
  );
}

function ProRequests() {
  const { t } = useTranslation('quotes');
  const list = useProJobRequests();
  return (
    <section>
      <h3 className="text-lg font-semibold text-ink">
        <Link to={paths.proJobRequests()} className="underline">
          {t('tab.toQuote')}
        </Link>
      </h3>
      {list.data?.length ? <Requests items={list.data} href={paths.proJobRequest} /> : list.isSuccess ? <p className="mt-2 text-sm text-ink-muted">{t('pro.empty')}</p> : null}
    </section>
  );
}

/** The quotes tab: the customer's latest requests (and a new one); a professional's requests to quote. */
export function QuotesTab({ permissions }: DashboardTabViewer) {
  const { t } = useTranslation('quotes');
  const mine = useMyJobRequests();
  return (
    <div className="space-y-8">
      {permissions.includes('booking:accept:own') ? <ProRequests /> : null}
      <section>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-lg font-semibold text-ink">
            <Link to={paths.jobRequests()} className="underline">
              {t('tab.mine')}
            </Link>
          </h3>
          <ButtonLink to={paths.newJobRequest()} variant="accent">
            {t('tab.new')}
          </ButtonLink>
        </div>
        {mine.data?.length ? <Requests items={mine.data} href={paths.jobRequest} /> : mine.isSuccess ? <p className="mt-2 text-sm text-ink-muted">{t('list.empty')}</p> : null}
      </section>
    </div>
  );
}
