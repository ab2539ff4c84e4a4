/**
 * The pure rules of feature use over time: the points of a period (days, Monday-to-Sunday weeks
 * cut at the ends, whole months where only months are kept) and the change in plain words.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { trendBuckets, weekOf, type Bucket } from '../../functions/services/core/usage/usage-trend';
import { dayNumberOf, isoDay } from '../../functions/services/core/usage/usage-store';
import { changePercent, changeText, type UsageTrend } from '../../src/contract/usage-trend';
import { pointText, UsageTrendView } from '../../src/islands/shared/UsageTrendPanel';

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

describe('UsageTrendView', () => {
  const command = (slug: string, counts: number[], last30: number, previous30: number) => ({
    slug,
    uses: counts.reduce((a, b) => a + b, 0),
    counts,
    last30,
    previous30,
    changePercent: changePercent(last30, previous30),
  });
  const trend: UsageTrend = {
    days: 365,
    from: '2026-08-01',
    to: '2026-09-09',
    unit: 'week',
    points: [
      { from: '2026-08-01', to: '2026-08-31', unit: 'month' },
      { from: '2026-09-01', to: '2026-09-06', unit: 'week' },
      { from: '2026-09-07', to: '2026-09-09', unit: 'week' },
    ],
    commands: [
      command('cad-import', [40, 6, 3], 9, 0),
      command('renumber-views', [10, 2, 0], 2, 1),
      command('wipe-model', [0, 0, 0], 0, 0),
    ],
    change: {
      from: '2026-08-11',
      to: '2026-09-09',
      previousFrom: '2026-07-12',
      previousTo: '2026-08-10',
    },
  };
  const page = renderToStaticMarkup(
    createElement(UsageTrendView, { trend, who: 'on all devices' }),
  );

  it('keeps the answer’s order, says the change in words and the numbers beside it', () => {
    const rows = [...page.matchAll(/<tr><th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(rows.slice(0, 3)).toEqual(['CAD Import', 'Renumber Views', 'Wipe Model']);
    expect(page).toContain('>new</strong>');
    expect(page).toContain('>+100%</strong>');
    expect(page).toContain('>no use</strong>');
    expect(page).toContain('9 vs 0');
    expect(page).toContain('CAD Import 49 (new in the last 30 days)');
    expect(page).toContain('Renumber Views 12 (+100% vs previous 30 days)');
  });

  it('names months and weeks, and says where only months are kept', () => {
    expect(pointText(trend.points[0]!)).toBe('August 2026');
    expect(pointText(trend.points[1]!)).toBe('Sep 1, 2026 to Sep 6, 2026');
    expect(pointText({ from: '2026-09-09', to: '2026-09-09', unit: 'day' })).toBe('Sep 9, 2026');
    expect(page).toContain('Uses before Sep 1, 2026 are kept per month only');
    expect(page).toContain(
      'aria-label="CAD Import per week: most uses (40) August 2026; 3 in the latest week."',
    );
    expect(page).toContain('aria-label="Wipe Model: not used."');
  });
});
