import { Catalogue } from '../components/catalog';

/** /services (and /services?q=&category=): the whole catalogue with search and category chips. */
export function ServicesPage() {
  return <Catalogue />;
}
