// `npm run bench`: benchmarks that print figures (bench/README.md explains them).
import path from 'node:path';
import { ensureWebBuild, root, run } from './lib.mjs';

ensureWebBuild();
process.exit(run(process.execPath, ['--import', 'tsx', path.join(root, 'bench/run.ts')]));
