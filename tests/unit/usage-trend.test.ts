/**
 * The pure rules of feature use over time: the points of a period (days, Monday-to-Sunday weeks
 * cut at the ends, whole months where only months are kept) and the change in plain words.
 */
import { describe, expect, it } from 'vitest';
import { trendBuckets, weekOf, type Bucket } from '../../functions/services/core/usage/usage-trend';
import { dayNumberOf, isoDay } from '../../functions/services/core/usage/usage-store';
import { changePercent, changeText } from '../../src/contract/usage-trend';

const day = dayNumberOf;
const text = (buckets: Bucket[]) =>
  buckets.map((bucket) => `${bucket.unit} ${isoDay(bucket.from)}..${isoDay(bucket.to)}`);

/** The points cover every day from the first to today once, in order. */
function expectContiguous(buckets: Bucket[], today: number) {
  buckets.forEach((bucket, i) => {
    expect(bucket.from).toBeLessThanOrEqual(bucket.to);
    const next = buckets[i + 1];
    if (next) expect(next.from).toBe(bucket.to + 1);
  });
  expect(buckets.at(-1)?.to).toBe(today);
}

describe('trendBuckets', () => {
  it('gives 30 days one point a day, ending today', () => {
    const today = day('2026-11-25');
    const buckets = trendBuckets(today, 30, today - 90);
    expect(buckets).toHaveLength(30);
    expect(buckets.every((bucket) => bucket.unit === 'day')).toBe(true);
    expect(isoDay(buckets[0]?.from ?? 0)).toBe('2026-10-27');
    expectContiguous(buckets, today);
  });

  it('gives 90 days Monday-to-Sunday weeks, the first and last cut at the period', () => {
    const today = day('2026-11-25'); // a Wednesday
    const buckets = trendBuckets(today, 90, today - 90);
    expect(text(buckets).slice(0, 2)).toEqual([
      'week 2026-08-28..2026-08-30',
      'week 2026-08-31..2026-09-06',
    ]);
    expect(text(buckets).at(-1)).toBe('week 2026-11-23..2026-11-25');
    expect(buckets).toHaveLength(14);
    expectContiguous(buckets, today);
    // Every whole week starts on a Monday (1970-01-05 was one).
    for (const bucket of buckets.slice(1))
      expect(new Date(`${isoDay(bucket.from)}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('gives a year of daily totals at most 53 weeks, whatever the weekday', () => {
    for (let offset = 0; offset < 7; offset += 1) {
      const today = day('2026-11-23') + offset;
      const buckets = trendBuckets(today, 365, null);
      expect(buckets.length).toBeLessThanOrEqual(53);
      expect(buckets[0]?.from).toBe(today - 364);
      expectContiguous(buckets, today);
    }
  });

  it('starts a year of customer days with whole months up to the oldest day kept', () => {
    const today = day('2026-11-25');
    const buckets = trendBuckets(today, 365, today - 90); // 27 Aug kept, 26 Aug folded
    const months = buckets.filter((bucket) => bucket.unit === 'month');
    expect(text(months)[0]).toBe('month 2025-11-01..2025-11-30');
    expect(text(months).at(-1)).toBe('month 2026-08-01..2026-08-31');
    expect(months.map((bucket) => bucket.key)).toEqual([
      202511, 202512, 202601, 202602, 202603, 202604, 202605, 202606, 202607, 202608,
    ]);
    expect(text(buckets)[10]).toBe('week 2026-09-01..2026-09-06');
    expectContiguous(buckets, today);
    // The oldest day kept is the 1st: the month before is the last month point.
    const first = day('2026-09-01') + 90;
    const cut = trendBuckets(first, 365, first - 90);
    expect(text(cut.filter((bucket) => bucket.unit === 'month')).at(-1)).toBe(
      'month 2026-08-01..2026-08-31',
    );
    expect(isoDay(cut.find((bucket) => bucket.unit === 'week')?.from ?? 0)).toBe('2026-09-01');
  });

  it('numbers weeks from Monday', () => {
    expect(weekOf(day('2026-11-23'))).toBe(weekOf(day('2026-11-29')));
    expect(weekOf(day('2026-11-30'))).toBe(weekOf(day('2026-11-29')) + 1);
  });
});

describe('changeText', () => {
  it('says the change in whole percent, "new" from nothing, never dividing by zero', () => {
    expect(changeText(20, 10)).toBe('+100%');
    expect(changeText(5, 10)).toBe('\u221250%');
    expect(changeText(0, 10)).toBe('\u2212100%');
    expect(changeText(10, 10)).toBe('no change');
    expect(changeText(7, 0)).toBe('new');
    expect(changeText(0, 0)).toBe('no use');
    expect(changeText(1, 3)).toBe('\u221267%');
    expect(changePercent(7, 0)).toBeNull();
    expect(changePercent(3, 2)).toBe(50);
  });
});
