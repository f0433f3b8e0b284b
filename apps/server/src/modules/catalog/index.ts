/** What other modules may use of the catalogue. */
export { CATALOG_CHANNEL, type CatalogService } from './catalog.service';
export type { CatalogReference, ReferenceCity, ReferenceService } from './reference.service';
export { servicePriceFrom } from './price';
