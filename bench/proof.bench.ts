/**
 * The proof suites of issue 28 at full size (`npm run bench`): the authorization matrix, the fuzzing
 * of every operation with FUZZ_RUNS=100 requests each (4 in `npm test`), the upload abuse and the S3
 * storage contract, each as a vitest run of its file. Figures: pass or fail, requests, seconds.
 */
import { spawnSync } from 'node:child_process';
import { root } from './lib';

export interface ProofFigures {
  suite: string;
  passed: boolean;
  tests: string;
  seconds: number;
  /** When it failed: the end of vitest's output (which test, the finding or the time-out). */
  failure?: string;
  /** When this suite ran, when it was run alone (BENCH_PROOF) rather than with the whole part. */
  measured?: string;
}

const SUITES: Array<[string, string, Record<string, string>]> = [
  ['authorization matrix (8 callers x every operation)', 'apps/server/src/authorization-matrix.test.ts', {}],
  ['fuzzing (100 mutated requests per operation)', 'apps/server/src/fuzz.test.ts', { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100' }],
  ['upload abuse (3 upload routes)', 'apps/server/src/uploads-abuse.test.ts', {}],
  ['S3 storage contract (in-process S3 server)', 'apps/server/src/platform/storage-s3.test.ts', {}],
];

/** Every suite, or those whose file name contains one of `only` (BENCH_PROOF=fuzz,matrix in bench/run.ts). */
export function benchProof(only?: string[]): ProofFigures[] {
  return SUITES.filter(([, file]) => !only?.length || only.some((o) => file.includes(o))).map(([suite, file, env]) => {
    const started = Date.now();
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', file], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const out = `${run.stdout}\n${run.stderr}`;
    // eslint-disable-next-line no-control-regex
    const clean = out.replace(/\u001b\[[0-9;]*m/g, '');
    const tests = /Tests\s+(.+)/.exec(clean)?.[1]?.trim() ?? '?';
    const failure = run.status === 0 ? undefined : clean.split('\n').filter((l) => /FAIL|Error|Timed out|expected|✗|×/.test(l)).slice(0, 12).join('\n');
    if (failure) console.error(`${suite} failed:\n${failure}`);
    return { suite, passed: run.status === 0, tests, seconds: Math.round((Date.now() - started) / 1000), ...(failure ? { failure } : {}) };
  });
}
