/** GET /api/health: liveness and the database check. */
import { defineModule } from '../../module';
import { healthRoutes } from './health.routes';

export const healthModule = defineModule('health', async (app, { ctx }) => {
  await app.register(healthRoutes, { ctx });
});
