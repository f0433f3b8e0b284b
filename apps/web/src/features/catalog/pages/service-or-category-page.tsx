import { useParams } from 'react-router';
import { toServiceCategory } from '../../../config/paths';
import { Catalogue } from '../components/catalog';
import { ServiceDetail } from '../components/service-detail';

/**
 * /services/{value}: a category slug (plumbing, cleaning, ...) shows the catalogue filtered to that
 * category; anything else is a service id and shows the service detail (docs/catalog.md).
 */
export function ServiceOrCategoryPage() {
  const { serviceId = '' } = useParams();
  const category = toServiceCategory(serviceId);
  if (category) return <Catalogue key={category} routeCategory={category} />;
  return <ServiceDetail key={serviceId} id={serviceId} />;
}
