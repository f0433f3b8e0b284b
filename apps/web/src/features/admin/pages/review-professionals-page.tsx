import { Check, FileText, ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { can, type AdminApplication, type ApplicationDocumentKind } from '@khedma/shared';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { PageIntro } from '../../../components/ui/page-intro';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { pickLocalized, useLanguage } from '../../../lib/localized';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { documentUrl, useApplications, useApprove, useReject } from '../api';
import { RoleBadges, useAccessRedirect } from '../components/admin-ui';
import { MaskedValue } from '../components/masked-value';
import { ReasonDialog } from '../components/reason-dialog';

/**
 * /admin/review-professionals (docs/admin.md): pending applications, newest first, every sensitive value
 * masked by the server (reveal: its own logged request); Financial Info only with finance access;
 * documents through short-lived signed URLs; Approve and Reject (with a reason) for reviewers.
 */
export function ReviewProfessionalsPage() {
  const { t } = useTranslation('admin');
  const user = useSessionUser();
  const allowed = can(user, 'application:review') || can(user, 'finance:read');
  const query = useApplications(allowed);
  const redirecting = useAccessRedirect(allowed ? query.error : new DeniedError(), Boolean(query.data));
  const canDecide = can(user, 'application:review');
  const [rejecting, setRejecting] = useState<AdminApplication | null>(null);

  if (redirecting) return null;
  const data = query.data;
  return (
    <>
      <Seo title={t('review.title')} />
      <PageIntro title={t('review.title')} lead={t('review.lead')}>
        {data ? (
          <div className="mt-4">
            <RoleBadges superAdmin={data.access.superAdmin} finance={data.access.finance} />
          </div>
        ) : null}
      </PageIntro>
      <div className="container-page py-6 md:py-8">
        <div role="note" className="mb-4 flex items-start gap-3 rounded-xl border border-pending/30 bg-pending-soft p-4 text-sm font-medium text-ink">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pending" />
          <p>{t('review.security')}</p>
        </div>
        {!canDecide ? (
          <FormAlert tone="info" live={false} className="mb-4">
            {t('review.noReviewRights')}
          </FormAlert>
        ) : null}
        {query.isError && data === undefined ? null : query.isError ? (
          <RetryAlert message={t('review.loadFailed')} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <p role="status" className="py-10 text-center text-ink-muted">
            {t('common.loading')}
          </p>
        ) : data.applications.length === 0 ? (
          <p className="rounded-card border border-sand-200 bg-white p-8 text-center text-ink-muted">{t('review.empty')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {t('review.count', { count: data.applications.length })}
            </p>
            <ApplicationsTable applications={data.applications} finance={data.access.finance} canDecide={canDecide} onReject={setRejecting} />
          </>
        )}
      </div>
      <RejectDialog application={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

/** A stand-in error for a signed-in admin without the rights: the access redirect treats it as a 403. */
class DeniedError extends Error {}

function ApplicationsTable({
  applications,
  finance,
  canDecide,
  onReject,
}: {
  applications: AdminApplication[];
  finance: boolean;
  canDecide: boolean;
  onReject: (a: AdminApplication) => void;
}) {
  const { t } = useTranslation('admin');
  const all = ['name', 'contact', 'location', 'experience', 'rate', 'description', 'financial', 'documents', 'actions'] as const;
  const columns = all.filter((c) => finance || c !== 'financial');
  return (
    <>
      {/* Wide screens: SPEC's table. */}
      <div role="region" aria-label={t('review.title')} tabIndex={0} className="hidden overflow-x-auto rounded-card border border-sand-200 bg-white focus-visible:outline-2 focus-visible:outline-primary-600 xl:block">
        <table className="w-full text-start text-sm">
          <thead className="bg-sand-50 text-xs text-ink-muted uppercase">
            <tr>
              {columns.map((c) => (
                // Wrapped between words only: nine columns at 1280 px squeezed "Experience" into "EXPER" over "IENCE".
                <th key={c} scope="col" className="px-3 py-3 text-start font-semibold [overflow-wrap:normal]">
                  {t(`review.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {applications.map((a) => (
              <tr key={a.id} className="align-top">
                <Cells application={a} finance={finance} canDecide={canDecide} onReject={onReject} as="td" />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones and tablets: one card per application, the same cells labelled. */}
      <ul className="grid gap-4 xl:hidden">
        {applications.map((a) => (
          <li key={a.id} className="rounded-card border border-sand-200 bg-white p-4">
            <dl className="grid gap-3">
              <Cells application={a} finance={finance} canDecide={canDecide} onReject={onReject} as="dl" />
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function Cells({
  application: a,
  finance,
  canDecide,
  onReject,
  as,
}: {
  application: AdminApplication;
  finance: boolean;
  canDecide: boolean;
  onReject: (a: AdminApplication) => void;
  as: 'td' | 'dl';
}) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const cell = (key: string, label: string, content: React.ReactNode) =>
    as === 'td' ? (
      <td key={key} className="px-3 py-3">
        {content}
      </td>
    ) : (
      <div key={key} className="grid gap-0.5">
        <dt className="text-xs font-semibold text-ink-muted">{label}</dt>
        <dd className="text-sm text-ink">{content}</dd>
      </div>
    );
  return (
    <>
      {cell(
        'name',
        t('review.columns.name'),
        <>
          <span className="font-semibold text-ink">{a.fullName}</span>
          <span className="block text-xs text-ink-muted">{t('review.submitted', { date: formatDate(a.submittedAt, language) })}</span>
        </>,
      )}
      {cell(
        'contact',
        t('review.columns.contact'),
        <span className="grid gap-1">
          <MaskedValue applicationId={a.id} field="email" masked={a.email} name={a.fullName} canReveal={canDecide} />
          <MaskedValue applicationId={a.id} field="phone" masked={a.phone} name={a.fullName} canReveal={canDecide} />
        </span>,
      )}
      {cell(
        'location',
        t('review.columns.location'),
        <>
          <span className="block">{a.city ? pickLocalized(a.city, language) : t('review.none')}</span>
          <span className="block text-xs text-ink-muted">{a.services.map((s) => pickLocalized(s.name, language)).join(' · ')}</span>
        </>,
      )}
      {cell('experience', t('review.columns.experience'), t('review.years', { count: a.experienceYears }))}
      {/* Never broken inside the amount ("160 MA / D/hour" at 1280 px, issue 38). */}
      {cell(
        'rate',
        t('review.columns.rate'),
        a.hourlyRate === null ? t('review.none') : <span className="whitespace-nowrap">{t('review.perHour', { amount: `\u2068${formatMoney(a.hourlyRate)}\u2069` })}</span>,
      )}
      {cell('description', t('review.columns.description'), <bdi className="line-clamp-4 block max-w-xs">{a.description ?? t('review.none')}</bdi>)}
      {finance
        ? cell(
            'financial',
            t('review.columns.financial'),
            a.financial ? (
              <span className="grid gap-1 text-xs">
                <span>
                  {t('review.bank')}: {a.financial.bankName ?? t('review.none')}
                </span>
                <span>
                  {t('review.holder')}: {a.financial.accountHolder ?? t('review.none')}
                </span>
                <span>
                  {t('review.rib')}: <MaskedValue applicationId={a.id} field="iban" masked={a.financial.iban} name={a.fullName} canReveal />
                </span>
                <span>
                  {t('review.taxId')}: <MaskedValue applicationId={a.id} field="taxId" masked={a.financial.taxId} name={a.fullName} canReveal />
                </span>
              </span>
            ) : (
              t('review.none')
            ),
          )
        : null}
      {cell('documents', t('review.columns.documents'), <Documents application={a} />)}
      {cell(
        'actions',
        t('review.columns.actions'),
        canDecide ? <Decision application={a} onReject={onReject} /> : t('review.none'),
      )}
    </>
  );
}

function Documents({ application: a }: { application: AdminApplication }) {
  const { t } = useTranslation('admin');
  if (a.documents.length === 0) return <span className="text-ink-muted">{t('review.none')}</span>;
  async function open(kind: ApplicationDocumentKind) {
    // Opened at once (a popup blocker allows it), pointed at the signed URL once issued.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await documentUrl(a.id, kind);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch {
      tab?.close();
      toast.error(t('review.documentFailed'));
    }
  }
  return (
    <span className="flex flex-wrap gap-1.5">
      {a.documents.map((kind) => (
        <button
          key={kind}
          type="button"
          onClick={() => void open(kind)}
          aria-label={t('review.documentLabel', { document: t(`review.documents.${kind}`), name: a.fullName })}
          className="inline-flex min-h-8 items-center gap-1 rounded-lg border border-sand-200 px-2 text-xs font-semibold text-ink hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-primary-600"
        >
          <FileText aria-hidden="true" className="size-3.5" />
          {t(`review.documents.${kind}`)}
        </button>
      ))}
    </span>
  );
}

function Decision({ application: a, onReject }: { application: AdminApplication; onReject: (a: AdminApplication) => void }) {
  const { t } = useTranslation('admin');
  const approve = useApprove();
  function onApprove() {
    approve.mutate(a.id, {
      onSuccess: (res) => {
        if (res.emailSent) toast.success(t('review.approved', { name: res.name }));
        else toast.warning(t('review.approvedNoEmail'));
      },
      onError: (err) => {
        if (isApiError(err) && err.isConflict && err.code === 'CONFLICT') toast.error(t('review.createFailed'));
        else toast.error(t('review.approveFailed', { message: err instanceof Error ? err.message : '' }));
      },
    });
  }
  return (
    <span className="flex flex-wrap gap-2">
      <Button onClick={onApprove} disabled={approve.isPending} aria-label={`${t('review.approve')} ${a.fullName}`}>
        <Check aria-hidden="true" className="size-4" />
        {t('review.approve')}
      </Button>
      <Button variant="danger" onClick={() => onReject(a)} aria-label={`${t('review.reject')} ${a.fullName}`}>
        <X aria-hidden="true" className="size-4" />
        {t('review.reject')}
      </Button>
    </span>
  );
}

function RejectDialog({ application, onClose }: { application: AdminApplication | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const reject = useReject();
  return (
    <ReasonDialog
      open={application !== null}
      title={t('review.rejectTitle', { name: application?.fullName ?? '' })}
      description={t('review.rejectDescription')}
      label={t('review.reason')}
      requiredMessage={t('review.reasonRequired')}
      confirmLabel={t('review.confirmReject')}
      busy={reject.isPending}
      rows={4}
      onConfirm={(reason, done) => {
        if (!application) return;
        reject.mutate(
          { id: application.id, reason },
          {
            onSuccess: () => {
              toast.success(t('review.rejected'));
              done();
            },
            onError: () => toast.error(t('review.rejectFailed')),
          },
        );
      }}
      onClose={onClose}
    />
  );
}
