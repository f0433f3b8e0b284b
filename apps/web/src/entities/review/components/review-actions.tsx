import { MessageSquareReply, ThumbsUp } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { REVIEW_LIMITS } from '@khedma/shared/domain/reviews';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useHelpfulVote, useReplyToReview } from '../api';

/**
 * "Was this helpful?" (SPEC §8): one vote per person, which the server keeps; the button says so once
 * given. Signed out: the button asks to sign in (`onSignedOut`).
 */
export function HelpfulButton({ reviewId, count, voted, signedIn, onSignedOut }: { reviewId: string; count: number; voted: boolean; signedIn: boolean; onSignedOut: () => void }) {
  const { t } = useTranslation('reviews');
  const vote = useHelpfulVote();
  const [done, setDone] = useState(false);
  const given = voted || done;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
      <span>{t('helpful.question')}</span>
      <Button
        variant="secondary"
        className="min-h-11 px-3"
        aria-pressed={given}
        disabled={given || vote.isPending}
        onClick={() => {
          if (!signedIn) return onSignedOut();
          vote.mutate(reviewId, {
            onSuccess: () => {
              setDone(true);
              toast.success(t('helpful.recorded'));
            },
            onError: (error) => {
              if (isApiError(error, 'ALREADY_VOTED')) {
                setDone(true);
                toast.info(t('helpful.already'));
              } else toast.error(t('helpful.failed'));
            },
          });
        }}
      >
        <ThumbsUp aria-hidden="true" className="size-4" />
        {given ? t('helpful.thanks') : t('helpful.yes')}
      </Button>
      <span className="tabular-nums">{t('helpful.count', { count })}</span>
    </div>
  );
}

/** The professional's public reply under a review, and the form to write it (the reviewed professional, once). */
export function ReviewReply({ reviewId, reply, canReply, professionalName }: { reviewId: string; reply: string | null; canReply: boolean; professionalName: string }) {
  const { t } = useTranslation('reviews');
  const send = useReplyToReview();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (reply) {
    return (
      <div className="mt-3 rounded-xl border-s-4 border-primary-600 bg-primary-50 p-3">
        <p className="text-sm font-semibold text-ink">{t('reply.from', { name: professionalName })}</p>
        <p className="mt-1 text-ink whitespace-pre-line">{reply}</p>
      </div>
    );
  }
  if (!canReply) return null;
  if (!open) {
    return (
      <Button variant="ghost" className="mt-2 px-2" onClick={() => setOpen(true)}>
        <MessageSquareReply aria-hidden="true" className="size-4" />
        {t('reply.open')}
      </Button>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError(t('reply.required'));
    send.mutate(
      { reviewId, reply: value },
      {
        onSuccess: () => toast.success(t('reply.sent')),
        onError: (err) => setError(isApiError(err, 'ALREADY_REPLIED') ? t('reply.already') : t('reply.failed')),
      },
    );
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate>
      <TextAreaField
        id={id}
        label={t('reply.label')}
        hint={t('reply.hint')}
        value={text}
        maxLength={REVIEW_LIMITS.replyMax}
        rows={3}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={send.isPending}>
          {t('reply.submit')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('reply.cancel')}
        </Button>
      </div>
    </form>
  );
}
