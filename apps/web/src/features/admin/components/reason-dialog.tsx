import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/use-translation';

/** Cancel, then the dialog's action (a submit button), stacked on phones. */
export function DialogButtons({ busy, label, variant, onCancel }: { busy: boolean; label: string; variant?: 'primary' | 'danger'; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </div>
  );
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** The reason field's label, and what it says when sent empty. */
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  /** The action is under way: the confirm button waits. */
  busy: boolean;
  rows?: number;
  /** Called with the trimmed reason; `done` closes the dialog (on success). */
  onConfirm: (reason: string, done: () => void) => void;
  onClose: () => void;
}

/**
 * A destructive admin action that needs a written reason (reject an application, refund a booking):
 * the reason is required (500 characters at most, as the server checks), its error clears as the admin
 * types, and closing the dialog forgets what was typed.
 */
export function ReasonDialog({ open, title, description, label, requiredMessage, confirmLabel, busy, rows = 3, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  function close() {
    setReason('');
    setError(null);
    onClose();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(requiredMessage);
      return;
    }
    onConfirm(reason.trim(), close);
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())} title={title} description={description}>
      <form onSubmit={submit} noValidate className="grid gap-4 px-5 py-4">
        <TextAreaField
          label={label}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={error}
          required
          maxLength={500}
          rows={rows}
        />
        <DialogButtons busy={busy} label={confirmLabel} variant="danger" onCancel={close} />
      </form>
    </Dialog>
  );
}
