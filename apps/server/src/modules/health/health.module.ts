/** GET /api/health: liveness and the database check. */
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { healthRoutes } from './health.routes';

export function createHealthModule(ctx: AppContext): AppModule {
  const plugin = modulePlugin('health', async (app) => {
    await app.register(healthRoutes, { ctx });
  });
  return { plugin };
}
