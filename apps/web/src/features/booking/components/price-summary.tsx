import type { PriceLineDto } from '@khedma/shared';
import { useTranslation } from '../../../lib/use-translation';
import { formatMoney } from '../../../lib/format';

export interface PriceSummaryProps {
  lines: readonly PriceLineDto[];
  total: number;
  /** The service's name in the reader's language (the server's line label is English). */
  serviceName?: string;
  /** English add-on name -> name in the reader's language. */
  addOnNames?: ReadonlyMap<string, string>;
  /** Greyed while a new quote loads. */
  stale?: boolean;
}

/** The server's price lines (docs/bookings.md: service, add-ons, 15% service fee) and the total. */
export function PriceSummary({ lines, total, serviceName, addOnNames, stale }: PriceSummaryProps) {
  const { t } = useTranslation('booking');
  const label = (line: PriceLineDto) => {
    switch (line.kind) {
      case 'service':
        return serviceName ?? line.label;
      case 'addon':
        return addOnNames?.get(line.label) ?? line.label;
      case 'hourly':
        return t('price.hourly', { rate: formatMoney(line.unitAmount), hours: line.quantity });
      case 'fee':
        return t('price.serviceFee');
    }
  };
  return (
    <dl className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={stale || undefined}>
      {lines.map((line, i) => (
        <div key={`${line.kind}-${i}`} className="flex items-baseline justify-between gap-4 py-1.5 text-sm">
          <dt className="text-ink-muted">{label(line)}</dt>
          <dd className="font-medium whitespace-nowrap text-ink tabular-nums">{formatMoney(line.amount)}</dd>
        </div>
      ))}
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-sand-200 pt-3">
        <dt className="font-bold text-ink">{t('price.total')}</dt>
        <dd className="text-lg font-bold whitespace-nowrap text-ink tabular-nums">{formatMoney(total)}</dd>
      </div>
    </dl>
  );
}
