// Lint fixture (src/lint-zones.test.ts): the other half of the cycle.
import { a } from './cycle-a';

export const b = () => a;
