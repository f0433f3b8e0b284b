import { BadgeCheck, CheckCircle2, MapPin, Star, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MARKETING_FIGURES } from '../../../config/site';
import { useCities } from '../../../entities/catalog/api';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { useCountUp } from '../count-up';

interface Stat {
  Icon: LucideIcon;
  value: number;
  decimals?: number;
  suffix?: string;
  label: string;
}

/**
 * The statistics band (docs/public-site.md Home): figures count up over 2000 ms when the band scrolls into view,
 * at once with reduced motion. Marketing figures are operator copy (config/site.ts); the number of
 * cities is counted from the served cities.
 */
export function StatsBand() {
  const { t } = useTranslation('home');
  const cities = useCities();
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Without IntersectionObserver (old browsers), count at once. In an effect, not during render: the
    // first render must match the server's page (which has no IntersectionObserver either).
    if (typeof IntersectionObserver === 'undefined') {
      const frame = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const stats: Stat[] = [
    { Icon: BadgeCheck, value: MARKETING_FIGURES.verifiedProfessionals, suffix: '+', label: t('statProfessionals') },
    { Icon: CheckCircle2, value: MARKETING_FIGURES.completedTasks, suffix: '+', label: t('statTasks') },
    { Icon: Star, value: MARKETING_FIGURES.averageRating, decimals: 1, suffix: '/5', label: t('statRating') },
  ];
  if (cities.data?.length) stats.push({ Icon: MapPin, value: cities.data.length, label: t('statCities') });

  return (
    <section ref={ref} aria-labelledby="stats-heading" className="bg-primary-700 text-white">
      <div className="container-page py-12 md:py-16">
        <h2 id="stats-heading" className="sr-only">
          {t('statsTitle')}
        </h2>
        <ul className="grid grid-cols-2 gap-8 md:grid-cols-4">
          {stats.map((stat) => (
            <StatItem key={stat.label} stat={stat} running={visible} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function StatItem({ stat, running }: { stat: Stat; running: boolean }) {
  const language = useLanguage();
  const value = useCountUp(stat.value, running, { decimals: stat.decimals ?? 0 });
  const format = (n: number) => `${formatNumber(n, language, stat.decimals ?? 0)}${stat.suffix ?? ''}`;
  return (
    <li className="flex flex-col items-center text-center">
      <stat.Icon aria-hidden="true" className="size-7 text-saffron-300" />
      {/* The animated figure is hidden from screen readers, which read the final one. */}
      <p className="mt-3 text-3xl font-bold tabular-nums md:text-4xl" dir="ltr">
        <span aria-hidden="true">{format(value)}</span>
        <span className="sr-only">{format(stat.value)}</span>
      </p>
      <p className="mt-1 text-sm text-primary-100">{stat.label}</p>
    </li>
  );
}
