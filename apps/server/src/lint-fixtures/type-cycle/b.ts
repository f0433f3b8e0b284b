// The other half of a.ts's type-only loop (see a.ts).
import type { A } from './a';

export interface B {
  a?: A;
}
