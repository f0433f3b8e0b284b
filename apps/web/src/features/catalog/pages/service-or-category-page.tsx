import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths, toServiceCategory } from '../../../app/paths';
import { Seo } from '../../../components/seo';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { PageIntro } from '../../../components/ui/page-intro';

/**
 * /services/{value}: a category slug (plumbing, cleaning, ...) shows the catalogue filtered to that
 * category; anything else is a service id and shows the service detail (PRODUCT.md §2).
 */
export function ServiceOrCategoryPage() {
  const { serviceId } = useParams();
  const { t } = useTranslation();
  const category = toServiceCategory(serviceId);

  if (category) {
    const title = t(`category.${category}`);
    return (
      <>
        <Seo title={title} />
        <PageIntro title={title} lead={t('pages.services.lead')} />
      </>
    );
  }

  return (
    <>
      <Seo title={t('pages.serviceDetail.title')} />
      <PageIntro title={t('pages.serviceDetail.title')}>
        <Link
          to={paths.services()}
          className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-primary-700 hover:underline"
        >
          <DirectionalIcon icon={ArrowLeft} className="size-5" />
          {t('nav.services')}
        </Link>
      </PageIntro>
    </>
  );
}
