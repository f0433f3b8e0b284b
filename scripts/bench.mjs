// `npm run bench`: benchmarks that print figures (bench/README.md explains them).
// `npm run bench:lighthouse [-- paths...]`: Lighthouse alone, with its metrics.
import path from 'node:path';
import { ensureWebBuild, root, run } from './lib.mjs';

ensureWebBuild();
const [first, ...rest] = process.argv.slice(2);
const script =
  first === '--lighthouse' ? 'bench/lighthouse.ts' : first === '--catalog' ? 'bench/catalog-only.ts' : first === '--travel' ? 'bench/travel-only.ts' : 'bench/run.ts';
const args = first === '--lighthouse' || first === '--catalog' || first === '--travel' ? rest : process.argv.slice(2);
process.exit(run(process.execPath, ['--import', 'tsx', path.join(root, script), ...args]));
