/**
 * The professionals capability: the public profile (reviews, free slots), the list of /search and the
 * finder with its tiles, and the professional's own profile (/api/pros/me/settings).
 */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { ProfessionalPoolRepository } from '../bookings';
import { ProfessionalEnrolment } from './enrolment.repository';
import { ProsRepository } from './pros.repository';
import { prosRoutes } from './pros.routes';
import { ProsService } from './pros.service';
import { ProsSearchRepository } from './search.repository';
import { ProsSearchService } from './search.service';
import { ProsSettingsRepository } from './settings.repository';
import { ProsSettingsService } from './settings.service';

export interface ProsModule extends AppModule {
  /** The one writer of a new professional (record, services, hours, areas): admin's approval calls it. */
  enrolment: ProfessionalEnrolment;
}

export function createProsModule(ctx: AppContext): ProsModule {
  const db = ctx.database.db;
  const services = {
    pros: new ProsService(new ProsRepository(db), ctx.clock, new ProfessionalPoolRepository(db)),
    search: new ProsSearchService(new ProsSearchRepository(db)),
    settings: new ProsSettingsService(new ProsSettingsRepository(db)),
  };
  const plugin = modulePlugin('pros', async (app) => {
    await app.register(prosRoutes, services);
  });
  return { plugin, enrolment: new ProfessionalEnrolment(db) };
}
