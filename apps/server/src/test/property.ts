/**
 * Property tests (fast-check) are sized by runs, never by the wall clock (issue 38): each states its
 * `numRuns`, and its time limit is this generous bound, which grows with the runs. A loaded CI machine
 * (the reviews property once passed 60 s at load 15) makes a run slower, not wrong; the bound is only
 * there so that a hung run still ends. property-tests.test.ts checks every fc.assert uses both.
 */
export function propertyTimeout(o: { runs: number; perRunMs?: number; setupMs?: number }): number {
  return (o.setupMs ?? 300_000) + o.runs * (o.perRunMs ?? 60_000);
}
