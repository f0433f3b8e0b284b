// A loop made only of type imports (a.ts -> b.ts -> a.ts): eslint's import-x/no-cycle skips it,
// `npm run lint:cycles` (dependency-cruiser) must not (lint-zones.test.ts). Never imported by the app.
import type { B } from './b';

export interface A {
  b?: B;
}
