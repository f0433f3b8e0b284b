/** What other modules may use of the catalogue: its factory and services (app.ts hands them over), its channel and prices. */
export { createCatalogModule, type CatalogModule } from './catalog.module';
export { CATALOG_CHANNEL, type CatalogService } from './catalog.service';
export type { CatalogReference, ReferenceCity, ReferenceService } from './reference.service';
export { servicePriceFrom } from './price';
