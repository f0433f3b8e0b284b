import { ArrowRight, Compass, HeartHandshake, ShieldCheck, Sparkles, Target, Timer } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { paths } from '../../../config/paths';
import { Seo } from '../../../components/seo';
import { ButtonLink } from '../../../components/ui/button';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { PageIntro } from '../../../components/ui/page-intro';

/** /about (docs/public-site.md About): hero, mission, vision, three values, a call to action to /services. */
export function AboutPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('site');
  const values = [
    { Icon: ShieldCheck, title: ts('about.trustTitle'), body: ts('about.trustBody') },
    { Icon: Timer, title: ts('about.reliableTitle'), body: ts('about.reliableBody') },
    { Icon: Sparkles, title: ts('about.effortlessTitle'), body: ts('about.effortlessBody') },
  ];

  return (
    <>
      <Seo title={t('pages.about.title')} description={ts('about.description')} />
      <PageIntro title={t('pages.about.title')} lead={t('pages.about.lead')} />

      <div className="container-page grid gap-6 py-12 md:grid-cols-2 md:py-16">
        <section aria-labelledby="mission" className="rounded-card border border-sand-200 bg-white p-8">
          <Target aria-hidden="true" className="size-8 text-primary-600" />
          <h2 id="mission" className="mt-4 text-2xl font-bold">
            {ts('about.missionTitle')}
          </h2>
          <p className="mt-3 text-ink-muted">{ts('about.missionBody')}</p>
        </section>
        <section aria-labelledby="vision" className="rounded-card border border-sand-200 bg-white p-8">
          <Compass aria-hidden="true" className="size-8 text-primary-600" />
          <h2 id="vision" className="mt-4 text-2xl font-bold">
            {ts('about.visionTitle')}
          </h2>
          <p className="mt-3 text-ink-muted">{ts('about.visionBody')}</p>
        </section>
      </div>

      <section aria-labelledby="values" className="bg-white">
        <div className="container-page py-12 md:py-16">
          <h2 id="values" className="text-3xl font-bold tracking-tight">
            {ts('about.valuesTitle')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {values.map(({ Icon, title, body }) => (
              <li key={title} className="rounded-card bg-sand-50 p-6">
                <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-xl bg-saffron-100 text-accent-700">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-ink-muted">{body}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex max-w-3xl items-start gap-3 text-sm text-ink-muted">
            <HeartHandshake aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-600" />
            {ts('about.intermediary')}
          </p>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="container-page py-12 md:py-16">
        <div className="flex flex-col items-start gap-6 rounded-card bg-primary-950 p-8 text-white [--focus-ring:var(--color-saffron-400)] md:flex-row md:items-center md:justify-between md:p-10">
          <div>
            <h2 id="about-cta" className="text-2xl font-bold">
              {ts('about.ctaTitle')}
            </h2>
            <p className="mt-2 text-sand-200">{ts('about.ctaBody')}</p>
          </div>
          <ButtonLink to={paths.services()} variant="accent" size="lg">
            {ts('about.ctaButton')}
            <DirectionalIcon icon={ArrowRight} className="size-5" />
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
