/** Public professional pages: profile, reviews, free slots (GET /api/pros/*). */
import { defineModule } from '../../platform/module';
import { prosRoutes } from './pros.routes';

export const prosModule = defineModule('pros', async (app, { ctx }) => {
  await app.register(prosRoutes, { ctx });
});
