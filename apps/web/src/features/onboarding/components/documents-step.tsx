import { CheckCircle2, FileUp } from 'lucide-react';
import { useState } from 'react';
import type { ApplicationDocumentKind, ApplicationDraft } from '@khedma/shared';
import { APPLICATION_DOCUMENT_KINDS, APPLICATION_DOCUMENT_RULES, REQUIRED_DOCUMENT_KINDS, acceptsPdf } from '@khedma/shared/domain/applications';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/use-translation';
import { draftDocumentUrl, useRemoveDocument, useUploadDocument } from '../api';
import { StepActions, StepHeading } from './wizard-parts';

function uploadErrorKey(error: unknown, kind: ApplicationDocumentKind) {
  if (isApiError(error) && error.status === 413) return 'documents.errors.tooLarge';
  if (isApiError(error, 'PDF_ACTIVE_CONTENT')) return 'documents.errors.pdfActive';
  if (isApiError(error) && error.status === 415) {
    if (/could not be read/i.test(error.message)) return 'documents.errors.unreadable';
    return acceptsPdf(kind) ? 'documents.errors.type' : 'documents.errors.photoType';
  }
  if (isApiError(error) && error.status === 400) return 'documents.errors.empty';
  if (isApiError(error, 'RATE_LIMITED')) return 'documents.errors.tooMany';
  return 'documents.errors.failed';
}

/** Step 6: profile photo, ID front, ID back required, address proof optional; stored privately. */
export function DocumentsStep({ draft, onBack, onDone }: { draft: ApplicationDraft; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation('onboarding');
  const [errors, setErrors] = useState<Partial<Record<ApplicationDocumentKind, string>>>({});
  const [busy, setBusy] = useState<ApplicationDocumentKind | null>(null);
  const upload = useUploadDocument();
  const remove = useRemoveDocument();

  const onFile = (kind: ApplicationDocumentKind, file: File | undefined) => {
    if (!file) return;
    // The same limits as the server, said before the upload (the server checks the bytes anyway).
    if (file.size > APPLICATION_DOCUMENT_RULES.maxBytes) return setErrors((e) => ({ ...e, [kind]: t('documents.errors.tooLarge') }));
    if (file.size === 0) return setErrors((e) => ({ ...e, [kind]: t('documents.errors.empty') }));
    setErrors((e) => ({ ...e, [kind]: undefined }));
    setBusy(kind);
    upload.mutate(
      { kind, file },
      {
        onError: (err) => setErrors((e) => ({ ...e, [kind]: t(uploadErrorKey(err, kind)) })),
        onSettled: () => setBusy(null),
      },
    );
  };

  const next = () => {
    const missing = REQUIRED_DOCUMENT_KINDS.filter((k) => !draft.documents.some((d) => d.kind === k));
    if (missing.length) return setErrors(Object.fromEntries(missing.map((k) => [k, t('documents.errors.missing')])));
    onDone();
  };

  return (
    <div>
      <StepHeading step="documents">
        <p className="mt-1 text-sm text-ink-muted">{t('documents.lead')}</p>
      </StepHeading>
      <div className="grid gap-4 md:grid-cols-2">
        {APPLICATION_DOCUMENT_KINDS.map((kind) => {
          const doc = draft.documents.find((d) => d.kind === kind);
          const inputId = `document-${kind}`;
          const required = REQUIRED_DOCUMENT_KINDS.includes(kind);
          const accept = acceptsPdf(kind) ? 'image/jpeg,image/png,image/webp,application/pdf' : 'image/jpeg,image/png,image/webp';
          return (
            <div key={kind} className="rounded-xl border border-sand-200 bg-white p-4" data-document={kind}>
              <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
                {t(`documents.kinds.${kind}`)}
                {required ? (
                  <span aria-hidden="true" className="ms-0.5 text-cancelled">
                    *
                  </span>
                ) : null}
              </label>
              <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-muted">
                {acceptsPdf(kind) ? t('documents.hints.document') : t('documents.hints.photo')}
              </p>
              {doc ? (
                <p className="mt-3 flex items-center gap-2 text-sm text-completed">
                  <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 truncate" dir="auto">
                    {t('documents.uploaded', { name: doc.name })}
                  </span>
                  <a href={draftDocumentUrl(kind)} target="_blank" rel="noopener noreferrer" className="ms-auto shrink-0 font-semibold text-primary-700 underline">
                    {t('documents.view')}
                  </a>
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <span className="relative inline-flex">
                  <input
                    id={inputId}
                    type="file"
                    accept={accept}
                    aria-required={required || undefined}
                    aria-invalid={errors[kind] ? true : undefined}
                    aria-describedby={`${inputId}-hint ${inputId}-error`}
                    className="peer absolute inset-0 cursor-pointer opacity-0"
                    disabled={busy !== null}
                    onChange={(e) => {
                      onFile(kind, e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                  <span className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-sand-400 bg-sand-50 px-4 text-sm font-semibold text-ink peer-focus-visible:outline-3 peer-focus-visible:outline-primary-600">
                    <FileUp aria-hidden="true" className="size-4" />
                    {busy === kind ? t('documents.uploading') : doc ? t('documents.replace') : t('documents.choose')}
                  </span>
                </span>
                {doc && !required ? (
                  <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(kind)}>
                    {t('documents.remove')}
                  </Button>
                ) : null}
              </div>
              <FieldError id={`${inputId}-error`} message={errors[kind]} />
            </div>
          );
        })}
      </div>
      <StepActions onBack={onBack}>
        <Button onClick={next} disabled={busy !== null}>
          {t('wizard.next')}
        </Button>
      </StepActions>
    </div>
  );
}
