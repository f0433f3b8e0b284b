import { defineConfig } from 'drizzle-kit';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// drizzle-kit reads these paths relative to the working directory (and prefixes "./", so they
// must be relative). Computing them from this file lets `npm run db:generate` (repository root)
// and `npx drizzle-kit generate` inside apps/server both work.
const here = path.relative(process.cwd(), path.dirname(fileURLToPath(import.meta.url))) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: `${here}/src/db/schema/index.ts`,
  out: `${here}/drizzle`,
  strict: true,
  verbose: true,
});
