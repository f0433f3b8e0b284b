import { useState } from 'react';
import { RECURRING_MOVE_MAX_DAYS } from '@khedma/shared/domain/recurring';
import { addDays, daysBetween } from '@khedma/shared/domain/time';
import { WIZARD_START_TIMES } from '@khedma/shared';
import type { SeriesOccurrence } from '@khedma/shared/schemas/recurring';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, SelectField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { formatLocalDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useSeriesAction } from '../api';

/**
 * Move one visit not created yet (docs/recurring.md "Moving a visit before it exists"): another date within
 * RECURRING_MOVE_MAX_DAYS of its planned one and another start. The server checks again (and the professional's
 * time when the visit is created); its refusals are shown next to the field they concern.
 */
export function MoveVisitDialog({ seriesId, visit, onClose }: { seriesId: string; visit: SeriesOccurrence | null; onClose: () => void }) {
  const { t } = useTranslation('recurring');
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t('move.title')}>
      {visit ? <MoveForm seriesId={seriesId} visit={visit} onClose={onClose} /> : null}
    </Dialog>
  );
}

function MoveForm({ seriesId, visit, onClose }: { seriesId: string; visit: SeriesOccurrence; onClose: () => void }) {
  const { t } = useTranslation('recurring');
  const language = useLanguage();
  const action = useSeriesAction(seriesId);
  const planned = visit.movedFrom ?? visit.date;
  const [date, setDate] = useState(visit.date);
  const [startTime, setStartTime] = useState(visit.startTime);
  const [errors, setErrors] = useState<{ date?: string; startTime?: string; form?: string }>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The same bounds as the server (it checks again): near the planned date.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Math.abs(daysBetween(planned, date)) > RECURRING_MOVE_MAX_DAYS) {
      setErrors({ date: t('move.errors.date', { count: RECURRING_MOVE_MAX_DAYS }) });
      return;
    }
    setErrors({});
    action.mutate(
      { kind: 'move', seq: visit.seq, date, startTime },
      {
        onSuccess: () => {
          toast.success(t('move.moved', { date: formatLocalDate(date, language, 'full'), time: startTime }));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 'VALIDATION_FAILED') && error.fields.date) setErrors({ date: t('move.errors.date', { count: RECURRING_MOVE_MAX_DAYS }) });
          else if (isApiError(error, 'VALIDATION_FAILED') && error.fields.startTime) setErrors({ startTime: t('move.errors.tooSoon') });
          else if (isApiError(error, 'CONFLICT')) setErrors({ form: t('move.errors.changed') });
          else setErrors({ form: t('series.failed') });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-ink-muted">{t('move.lead', { date: formatLocalDate(planned, language, 'full'), count: RECURRING_MOVE_MAX_DAYS })}</p>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <TextField
        label={t('move.date')}
        type="date"
        value={date}
        min={addDays(planned, -RECURRING_MOVE_MAX_DAYS)}
        max={addDays(planned, RECURRING_MOVE_MAX_DAYS)}
        error={errors.date ?? null}
        onChange={(e) => {
          setDate(e.target.value);
          setErrors({});
        }}
      />
      <SelectField label={t('move.time')} value={startTime} error={errors.startTime ?? null} onChange={(e) => {
          setStartTime(e.target.value);
          setErrors({});
        }}>
        {WIZARD_START_TIMES.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('series.back')}
        </Button>
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? t('move.saving') : t('move.submit')}
        </Button>
      </div>
    </form>
  );
}
