import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { localToUtc, toLocal } from './time';
import { TZ_DATA_VERSION } from './tz-rules.generated';

const require = createRequire(import.meta.url);

describe('the shipped time-zone rules (decision 0016)', () => {
  it('are the ones the installed moment-timezone package carries (bump it, then `npm run tz:rules`)', async () => {
    // @ts-expect-error: a plain .mjs script without types
    const { render } = await import('../../scripts/generate-tz-rules.mjs');
    const generated = readFileSync(new URL('./tz-rules.generated.ts', import.meta.url), 'utf8');
    expect(generated, 'tz-rules.generated.ts is out of date: run `npm run tz:rules`').toBe(render());
  });

  it('come from IANA 2026d or later (Morocco on UTC+0 since 2026-09-20)', () => {
    expect(TZ_DATA_VERSION).toMatch(/^\d{4}[a-z]$/);
    expect(TZ_DATA_VERSION >= '2026d').toBe(true);
  });

  it('give the wall clock moment-timezone gives, around every transition since 2018 and at random instants', () => {
    const moment = require('moment-timezone');
    const zone = moment.tz.zone('Africa/Casablanca');
    const instants: number[] = [];
    for (const until of zone.untils as number[]) {
      if (!Number.isFinite(until) || until < Date.parse('2018-01-01T00:00:00Z')) continue;
      for (let m = -120; m <= 120; m += 7) instants.push(until + m * 60_000);
    }
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 500; i++) instants.push(Date.parse('2024-01-01T00:00:00Z') + Math.floor(random() * 6 * 365 * 86_400_000));
    for (const instant of instants) {
      const local = toLocal(new Date(instant));
      const expected = moment(instant).tz('Africa/Casablanca');
      expect(`${local.date} ${local.time}`, new Date(instant).toISOString()).toBe(expected.format('YYYY-MM-DD HH:mm'));
      expect(local.offsetMinutes).toBe(expected.utcOffset());
      // And back: every wall-clock time read here maps to an instant that reads the same.
      const back = toLocal(localToUtc(local.date, local.time));
      expect(`${back.date} ${back.time}`).toBe(`${local.date} ${local.time}`);
    }
  });
});
