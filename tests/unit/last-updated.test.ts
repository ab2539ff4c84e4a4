/**
 * "Last updated" under a guide page: the editor's date in the front matter wins, else the date of
 * the file's last commit; a file not committed yet counts as changed today.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lastCommitDay, lastUpdatedDay } from '../../src/lib/last-updated';

const tracked = 'src/content/guide/renumber-views.mdx';

describe('lastUpdatedDay', () => {
  it("takes the front matter's date over the commit's", () => {
    expect(lastUpdatedDay('2026-03-01', tracked, () => '2026-11-20')).toBe('2026-03-01');
  });

  it("uses the last commit's day for a committed file without a date", () => {
    expect(lastUpdatedDay(undefined, tracked, () => '2026-11-20')).toBe('2026-11-20');
  });

  it('counts a file git does not track yet as changed today', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(
      lastUpdatedDay(undefined, 'src/content/guide/not-written-yet.mdx', () => '2020-01-01'),
    ).toBe(today);
  });

  it('has no date without a file', () => {
    expect(lastUpdatedDay(undefined, undefined)).toBeUndefined();
  });
});

describe('lastCommitDay', () => {
  it("reads the UTC day of the file's last commit from git", () => {
    const seconds = execFileSync('git', ['log', '-1', '--format=%ct', '--', tracked], {
      encoding: 'utf8',
    }).trim();
    const expected = new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
    expect(lastCommitDay(tracked)).toBe(expected);
  });
});
