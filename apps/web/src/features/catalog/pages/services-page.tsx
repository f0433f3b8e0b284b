import { Catalogue } from '../components/catalogue';

/** /services (and /services?q=&category=): the whole catalogue with search and category chips. */
export function ServicesPage() {
  return <Catalogue />;
}
