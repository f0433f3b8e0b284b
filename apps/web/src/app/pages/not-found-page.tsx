import { Home } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { ButtonLink } from '../../components/ui/button';
import { Seo } from '../../components/seo';
import { paths } from '../../config/paths';

/** Any unknown path (docs/public-site.md): "Oops! Page not found" with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container-page flex flex-col items-center py-20 text-center md:py-28">
      <Seo title={t('pages.notFound.title')} status={404} />
      <p aria-hidden="true" className="text-7xl font-bold text-primary-500 md:text-8xl" lang="en">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">{t('errors.notFound.title')}</h1>
      <p className="mt-3 max-w-md text-ink-muted">{t('errors.notFound.body')}</p>
      <ButtonLink to={paths.home()} size="lg" className="mt-8">
        <Home aria-hidden="true" className="size-5" />
        {t('errors.notFound.home')}
      </ButtonLink>
    </section>
  );
}
