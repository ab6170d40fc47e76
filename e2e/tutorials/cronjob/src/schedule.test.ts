/*
Copyright The project Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import { describe, expect, it } from 'vitest';
import { parseStandard } from './schedule.js';

/** runs lists the next `n` times a schedule fires after `from`, as ISO strings. */
function runs(spec: string, from: string, n = 3): string[] {
  const schedule = parseStandard(spec);
  const out: string[] = [];
  let t: Date | undefined = new Date(from);
  for (let i = 0; i < n && t !== undefined; i++) {
    t = schedule.next(t);
    if (t !== undefined) out.push(t.toISOString());
  }
  return out;
}

describe('parseStandard', () => {
  it('fires at the next matching minute, strictly after the given time', () => {
    expect(runs('*/5 * * * *', '2026-01-01T10:30:00Z')).toEqual(['2026-01-01T10:35:00.000Z', '2026-01-01T10:40:00.000Z', '2026-01-01T10:45:00.000Z']);
    expect(runs('1 * * * *', '2026-01-01T10:01:00.500Z', 1)).toEqual(['2026-01-01T11:01:00.000Z']);
  });

  it('reads names, ranges and descriptors', () => {
    expect(runs('0 9 * * MON-FRI', '2026-01-02T10:00:00Z', 2)).toEqual(['2026-01-05T09:00:00.000Z', '2026-01-06T09:00:00.000Z']);
    expect(runs('@hourly', '2026-01-01T10:30:00Z', 1)).toEqual(['2026-01-01T11:00:00.000Z']);
    expect(runs('@weekly', '2026-01-01T10:30:00Z', 1)).toEqual(['2026-01-04T00:00:00.000Z']);
    expect(runs('@yearly', '2026-01-01T10:30:00Z', 1)).toEqual(['2027-01-01T00:00:00.000Z']);
  });

  it('matches either a restricted day of month or a restricted day of week, as cron does', () => {
    // 2026-01-02 is a Friday, 2026-01-13 a Tuesday.
    expect(runs('0 0 13 * 5', '2026-01-01T00:00:00Z', 3)).toEqual(['2026-01-02T00:00:00.000Z', '2026-01-09T00:00:00.000Z', '2026-01-13T00:00:00.000Z']);
  });

  it('never fires for a date that does not exist', () => {
    expect(runs('0 0 30 2 *', '2026-01-01T00:00:00Z')).toEqual([]);
  });

  it("refuses what robfig/cron's ParseStandard refuses, with its messages", () => {
    expect(() => parseStandard('')).toThrow('Empty spec string');
    expect(() => parseStandard('invalid-cron-schedule')).toThrow('Expected exactly 5 fields, found 1: invalid-cron-schedule');
    expect(() => parseStandard('0 * * * * *')).toThrow('Expected exactly 5 fields, found 6: 0 * * * * *');
    expect(() => parseStandard('@fortnightly')).toThrow('Unrecognized descriptor: @fortnightly');
    expect(() => parseStandard('61 * * * *')).toThrow(/minute.*61 \* \* \* \*$/);
    expect(() => parseStandard('a b c d e')).toThrow(/a b c d e$/);
  });
});
