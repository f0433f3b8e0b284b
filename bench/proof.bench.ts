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
}

const SUITES: Array<[string, string, Record<string, string>]> = [
  ['authorization matrix (8 callers x every operation)', 'apps/server/src/authorization-matrix.test.ts', {}],
  ['fuzzing (100 mutated requests per operation)', 'apps/server/src/fuzz.test.ts', { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100' }],
  ['upload abuse (3 upload routes)', 'apps/server/src/uploads-abuse.test.ts', {}],
  ['S3 storage contract (in-process S3 server)', 'apps/server/src/platform/storage-s3.test.ts', {}],
];

export function benchProof(): ProofFigures[] {
  return SUITES.map(([suite, file, env]) => {
    const started = Date.now();
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', file], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const out = `${run.stdout}\n${run.stderr}`;
    // eslint-disable-next-line no-control-regex
    const tests = /Tests\s+(.+)/.exec(out.replace(/\u001b\[[0-9;]*m/g, ''))?.[1]?.trim() ?? '?';
    return { suite, passed: run.status === 0, tests, seconds: Math.round((Date.now() - started) / 1000) };
  });
}
