// Lint fixture (lint-zones.test.ts): a.ts and b.ts import each other, which import-x/no-cycle refuses.
import { b } from './b';

export const a = () => b() + 1;
