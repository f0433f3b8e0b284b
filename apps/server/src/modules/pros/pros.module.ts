/**
 * Wires the professionals capability: the public profile, the list of /search and the finder, and the
 * professional's own profile. Registered once in app.ts (after jobsPlugin, for app.clock).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ProsRepository } from './pros.repository';
import { prosRoutes } from './pros.routes';
import { ProsService } from './pros.service';
import { ProsSearchRepository } from './search.repository';
import { ProsSearchService } from './search.service';
import { ProsSettingsRepository } from './settings.repository';
import { ProsSettingsService } from './settings.service';

export const prosModule: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  await app.register(prosRoutes, {
    pros: new ProsService(new ProsRepository(db), app.clock),
    search: new ProsSearchService(new ProsSearchRepository(db)),
    settings: new ProsSettingsService(new ProsSettingsRepository(db)),
  });
};
(prosModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
