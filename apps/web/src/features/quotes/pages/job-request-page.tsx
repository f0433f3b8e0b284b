import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useAcceptQuote, useCancelJobRequest, useJobRequest } from '../api';
import { QuoteCard, RequestSummary } from '../components/request-parts';

/** /quotes/:requestId: the customer's request and its quotes side by side; accepting one makes the booking to pay. */
export function JobRequestPage() {
  const { requestId } = useParams();
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const request = useJobRequest(requestId);
  const accept = useAcceptQuote(requestId ?? '');
  const cancel = useCancelJobRequest(requestId ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  if (request.isPending) {
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('request.title')} noindex />
        <div className="h-64 animate-pulse rounded-card bg-sand-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (request.isError) {
    const missing = (request.error as { status?: number }).status === 404;
    return (
      <div className="container-page max-w-3xl py-10">
        <Seo title={t('request.title')} noindex />
        {missing ? <h1 className="text-2xl font-bold text-ink">{t('request.notFound')}</h1> : <RetryAlert as="h1" message={t('request.loadFailed')} onRetry={() => void request.refetch()} />}
        <ButtonLink to={paths.jobRequests()} variant="secondary" className="mt-4">
          {t('request.back')}
        </ButtonLink>
      </div>
    );
  }

  const r = request.data;
  const open = r.quotes.filter((q) => q.status === 'submitted');
  const cheapest = open.length > 1 ? open.reduce((a, b) => (b.total < a.total ? b : a)) : null;
  const earliest = open.length > 1 ? open.reduce((a, b) => (`${b.date}${b.startTime}` < `${a.date}${a.startTime}` ? b : a)) : null;

  function onAccept(quoteId: string) {
    setFailure(null);
    accept.mutate(quoteId, {
      onSuccess: ({ bookingId }) => {
        toast.success(t('quote.accepted'));
        void navigate(paths.payBooking(bookingId));
      },
      onError: () => {
        setFailure(t('quote.acceptFailed'));
        void request.refetch();
      },
    });
  }

  return (
    <div className="container-page max-w-3xl py-8 md:py-12">
      <Seo title={t('request.title')} noindex />
      <Link to={paths.jobRequests()} className="text-sm font-semibold text-primary-700 underline">
        {t('request.back')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-ink">{t('request.title')}</h1>
      <div className="mt-6">
        <RequestSummary request={r}>
          {r.status === 'open' ? (
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => toast.success(t('request.cancelled')), onError: () => void request.refetch() })}
            >
              {cancel.isPending ? t('request.cancelling') : t('request.cancel')}
            </Button>
          ) : null}
          {r.bookingId ? (
            <ButtonLink to={paths.payBooking(r.bookingId)} variant="accent">
              {t('request.booking')}
            </ButtonLink>
          ) : null}
        </RequestSummary>
      </div>
      <h2 className="mt-8 text-2xl font-bold text-ink">{t('request.quotes')}</h2>
      {failure ? <FormAlert className="mt-3">{failure}</FormAlert> : null}
      {r.quotes.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('request.waiting')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {r.quotes.map((q) => (
            <li key={q.id}>
              <QuoteCard quote={q} highlight={q.id === cheapest?.id ? t('quote.cheapest') : q.id === earliest?.id ? t('quote.earliest') : undefined}>
                {r.status === 'open' && q.status === 'submitted' ? (
                  <Button variant="accent" className="mt-auto w-full" disabled={accept.isPending} onClick={() => onAccept(q.id)}>
                    {accept.isPending && accept.variables === q.id ? t('quote.accepting') : t('quote.accept')}
                  </Button>
                ) : null}
              </QuoteCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
